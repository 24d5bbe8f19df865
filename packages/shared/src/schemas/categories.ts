import { z } from 'zod';
import { validationMessages } from '../messages/validation';
import { optionalText, requiredText, successMessageWith, successWith } from './common';

export const categorySchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    /** The name on the Kiswahili pages; '' when none was given (`name` is shown there). */
    nameSw: z.string(),
    description: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const categoryBodySchema = z.object({
  name: requiredText(validationMessages.labels.name, 60),
  /** Optional; left out of a change, the Kiswahili name stays as it was. */
  nameSw: z
    .string({ error: validationMessages.notText(validationMessages.labels.nameSw) })
    .trim()
    .max(60, validationMessages.tooLong(validationMessages.labels.nameSw, 60))
    .nullish()
    .transform((value) => (value === null ? '' : value)),
  description: optionalText(validationMessages.labels.description, 500),
});
export type CategoryBody = z.infer<typeof categoryBodySchema>;

export const categoriesResponseSchema = successWith({ categories: z.array(categorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

export const categoryResponseSchema = successMessageWith({ category: categorySchema });
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;
