import { z } from 'zod';
import { pageQuerySchema } from './common';

export const packageCategorySchema = z.object({ _id: z.string(), name: z.string() });
export const packagePlannerSchema = z.object({ _id: z.string(), username: z.string(), email: z.string() });

export const packageSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    /** Ksh, at most 2 decimals. */
    price: z.number(),
    category: packageCategorySchema,
    location: z.string(),
    /** Absolute URL of the full-size WebP image, or null when the package has none. */
    image: z.string().nullable(),
    /** Absolute URL of a small thumbnail of the same image, for cards and `srcset`. */
    imageThumb: z.string().nullable(),
    planner: packagePlannerSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Package' });
export type Package = z.infer<typeof packageSchema>;

export const PACKAGE_SORTS = ['newest', 'featured'] as const;

export const listPackagesQuerySchema = pageQuerySchema.extend({
  sort: z.enum(PACKAGE_SORTS, { error: `sort must be one of: ${PACKAGE_SORTS.join(', ')}.` }).optional(),
});
export type ListPackagesQuery = z.infer<typeof listPackagesQuerySchema>;

/** Without paging parameters: `{ success, data }` as the specification reads it. */
export const packageListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(packageSchema),
  total: z.number().int().optional(),
  page: z.number().int().optional(),
  pages: z.number().int().optional(),
});
export type PackageListResponse = z.infer<typeof packageListResponseSchema>;
