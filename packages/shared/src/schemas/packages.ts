import { z } from 'zod';
import { CANCELLATION_POLICIES } from '../cancellation-policies';
import { isCalendarDay } from '../dates';
import { calendarMessages } from '../messages/calendar';
import { packagePhotosMessages } from '../messages/package-photos';
import { validationMessages } from '../messages/validation';
import { pageQuerySchema, requiredText, successMessageWith, successWith } from './common';

export const packageCategorySchema = z.object({ _id: z.string(), name: z.string(), nameSw: z.string() });
export const packagePlannerSchema = z.object({ _id: z.string(), username: z.string(), email: z.string() });

/** A package's photos: how many, and how large each upload may be (the profile picture keeps 5 MB). */
export const PACKAGE_PHOTOS_MAX = 8;
export const PACKAGE_PHOTO_MAX_MB = 15;
export const PACKAGE_PHOTO_MAX_BYTES = PACKAGE_PHOTO_MAX_MB * 1024 * 1024;

/** One photo of a package; the first of a package's `images` is its cover (`image`). */
export const packageImageSchema = z
  .object({
    _id: z.string(),
    /** Absolute URL of the full-size WebP photo. */
    url: z.string(),
    /** Absolute URL of a small (480 px) thumbnail of it. */
    thumbnailUrl: z.string().optional(),
  })
  .meta({ id: 'PackageImage' });
export type PackageImage = z.infer<typeof packageImageSchema>;

export const packageSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    /** Ksh, at most 2 decimals. */
    price: z.number(),
    /** The share of the price a client pays as a deposit when the planner accepts, in percent. */
    depositPercent: z.number().int(),
    /** What a client who cancels gets back, by days before the event (docs/money.md, Refunds). */
    cancellationPolicy: z.enum(CANCELLATION_POLICIES),
    category: packageCategorySchema,
    location: z.string(),
    /** Absolute URL of the full-size WebP image, or null when the package has none. */
    image: z.string().nullable(),
    /** Absolute URL of a small (480 px) thumbnail of the same image, for cards and `srcset`. */
    imageThumb: z.string().nullable(),
    /**
     * Every photo in order, the cover first (so `images[0].url` is `image`); given by the read of
     * one package and by the writes, left out of lists.
     */
    images: z.array(packageImageSchema).optional(),
    planner: packagePlannerSchema,
    /** Average review rating (one decimal) and the number of reviews. */
    rating: z.object({ average: z.number(), count: z.number().int() }),
    /**
     * Whether it is in the public catalogue: false once its planner may no longer offer packages
     * (a planner demoted to client). Only admins and its planner see it then.
     */
    listed: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Package' });
export type Package = z.infer<typeof packageSchema>;

/** 'relevance': the best match of `q` first (the default when `q` is given). */
export const PACKAGE_SORTS = [
  'newest',
  'price_asc',
  'price_desc',
  'rating',
  'featured',
  'relevance',
] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];

export const PRICE_MAX = 9_999_999_999.99;

const uuidFilter = (label: string) => z.uuid(`${label} must be an id.`);
const priceFilter = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} cannot be negative.`)
    .max(PRICE_MAX, `${label} is too large.`);

export const listPackagesQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200, validationMessages.searchTooLong(200)).optional(),
  category: uuidFilter('category').optional(),
  location: z.string().trim().max(120, validationMessages.locationFilterTooLong(120)).optional(),
  minPrice: priceFilter('minPrice').optional(),
  maxPrice: priceFilter('maxPrice').optional(),
  planner: uuidFilter('planner').optional(),
  /**
   * Only packages whose planner can take a new event that day (YYYY-MM-DD, in Nairobi): the day is
   * not blocked and not full, as a booking request for it would find it. Today or later, within
   * the booking horizon (the server says so with a 400).
   */
  date: z.string().trim().refine(isCalendarDay, calendarMessages.dayInvalid).optional(),
  /** Only packages whose average rating, as shown (one decimal), is at least this. */
  minRating: z.coerce
    .number({ error: validationMessages.minRating })
    .int(validationMessages.minRating)
    .min(1, validationMessages.minRating)
    .max(5, validationMessages.minRating)
    .optional(),
  /** Admins only: unlisted packages too (their planner may no longer offer packages). */
  includeUnlisted: z
    .enum(['true', 'false'], { error: 'includeUnlisted must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(PACKAGE_SORTS, { error: `sort must be one of: ${PACKAGE_SORTS.join(', ')}.` }).optional(),
});
export type ListPackagesQuery = z.infer<typeof listPackagesQuerySchema>;

/**
 * Without paging parameters: `{ success, data }` as the specification reads it (plus `packages`
 * with a planner filter, as the public profile reads it). With page or limit: also `total`,
 * `page` and `pages`, and `totalCapped` when more match than `total` (a search's count stops at 1,000).
 */
export const packageListResponseSchema = successWith({
  data: z.array(packageSchema),
  packages: z.array(packageSchema).optional(),
  total: z.number().int().optional(),
  /** More packages match than `total` says (it stops counting at 1,000): "1,000+ packages". */
  totalCapped: z.boolean().optional(),
  page: z.number().int().optional(),
  pages: z.number().int().optional(),
});
export type PackageListResponse = z.infer<typeof packageListResponseSchema>;

export const packageResponseSchema = successWith({ data: packageSchema });
export type PackageResponse = z.infer<typeof packageResponseSchema>;

export const packageMessageResponseSchema = successMessageWith({ data: packageSchema });
export type PackageMessageResponse = z.infer<typeof packageMessageResponseSchema>;

/** A price typed into a form: a number of Ksh, not negative, at most 2 decimals. */
export const priceInputSchema = z
  .union([z.string(), z.number()], { error: validationMessages.priceRequired })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: validationMessages.priceRequired });
      return z.NEVER;
    }
    if (!/^\d+(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: /^-/.test(text) ? validationMessages.priceNegative : validationMessages.priceDecimals,
      });
      return z.NEVER;
    }
    const price = Number(text);
    if (price > PRICE_MAX) {
      ctx.addIssue({ code: 'custom', message: validationMessages.priceTooLarge });
      return z.NEVER;
    }
    return price;
  });

/** A deposit share typed into a form: a whole percent from 0 to 100. */
export const depositPercentInputSchema = z
  .union([z.string(), z.number()], { error: validationMessages.depositPercent })
  .transform((value, ctx) => {
    const text = String(value).trim();
    const percent = Number(text);
    if (!/^\d{1,3}$/.test(text) || percent > 100) {
      ctx.addIssue({ code: 'custom', message: validationMessages.depositPercent });
      return z.NEVER;
    }
    return percent;
  });

/** The text fields of the create form (multipart; the image is a file part named `image`). */
export const packageFieldsSchema = z.object({
  title: requiredText(validationMessages.labels.title, 120),
  description: requiredText(validationMessages.labels.description, 5000),
  price: priceInputSchema,
  category: z.uuid(validationMessages.chooseCategory),
  location: requiredText(validationMessages.labels.location, 120),
  /** Left out: 30 % (DEFAULT_DEPOSIT_PERCENT). */
  depositPercent: depositPercentInputSchema.optional(),
  /** Left out: moderate (DEFAULT_CANCELLATION_POLICY). */
  cancellationPolicy: z
    .enum(CANCELLATION_POLICIES, { error: validationMessages.cancellationPolicy })
    .optional(),
});
export type PackageFields = z.infer<typeof packageFieldsSchema>;

const photoIdList = z
  .string()
  .trim()
  .max(2000)
  .transform((text, ctx) => {
    const ids = text === '' ? [] : text.split(',').map((id) => id.trim());
    if (ids.some((id) => !z.uuid().safeParse(id).success)) {
      ctx.addIssue({ code: 'custom', message: packagePhotosMessages.photoIds });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/**
 * The edit form: any field left out keeps its value. Besides the text fields, the photos:
 * `removeImages` (photo ids, comma-separated) are removed, and `imageOrder` (photo ids,
 * comma-separated) puts those photos first in that order, the first becoming the cover; photos
 * it does not name follow in their order.
 */
export const packageUpdateFieldsSchema = packageFieldsSchema.partial().extend({
  removeImages: photoIdList.optional(),
  imageOrder: photoIdList.optional(),
});
export type PackageUpdateFields = z.infer<typeof packageUpdateFieldsSchema>;
