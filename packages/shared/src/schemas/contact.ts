import { z } from 'zod';
import { validationMessages } from '../messages/validation';
import { emailSchema, pageQuerySchema, requiredText } from './common';

export const CONTACT_MESSAGE_MAX = 5000;

export const contactBodySchema = z.object({
  name: requiredText(validationMessages.labels.name, 100),
  email: emailSchema,
  message: requiredText(validationMessages.labels.message, CONTACT_MESSAGE_MAX),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

export const contactMessageSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    /** Sent by a user whose plan includes priority support. */
    priority: z.boolean(),
    /** The account that sent it (null once that account is deleted). */
    user: z.object({ _id: z.string(), username: z.string(), role: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactListQuerySchema = pageQuerySchema;
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const contactListResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(contactMessageSchema),
  total: z.number().int().optional(),
  page: z.number().int().optional(),
  pages: z.number().int().optional(),
});
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

export const contactCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: contactMessageSchema,
});
export type ContactCreatedResponse = z.infer<typeof contactCreatedResponseSchema>;
