import { z } from 'zod';
import { validationMessages } from '../messages/validation';
import {
  emailSchema,
  pageCounts,
  pageQuerySchema,
  requiredText,
  successMessageWith,
  successWith,
} from './common';

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
    /** When an admin handled it (answered it, or marked it handled without an answer); null while open. */
    handledAt: z.string().nullable(),
    /** The admin who handled it (null while open, or once that account is deleted). */
    handledBy: z.object({ _id: z.string(), username: z.string() }).nullable(),
    /** The answer mailed to the sender; null when none was sent. */
    answer: z.string().nullable(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Which messages a list holds: every one (unhandled first), or only the open or the handled ones. */
export const CONTACT_LIST_STATES = ['unhandled', 'handled'] as const;
export type ContactListState = (typeof CONTACT_LIST_STATES)[number];

export const contactListQuerySchema = pageQuerySchema.extend({
  state: z.enum(CONTACT_LIST_STATES, { error: "state must be 'unhandled' or 'handled'." }).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const contactListResponseSchema = successWith({
  messages: z.array(contactMessageSchema),
  ...pageCounts(),
});
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

export const contactCreatedResponseSchema = successMessageWith({ data: contactMessageSchema });
export type ContactCreatedResponse = z.infer<typeof contactCreatedResponseSchema>;

export const contactMessageParamsSchema = z.object({ id: z.string() });

/** PATCH /api/messages/{id}: an admin marks a message handled without answering it. */
export const markContactHandledBodySchema = z.object({
  handled: z.literal(true, { error: 'handled must be true.' }),
});
export type MarkContactHandledBody = z.infer<typeof markContactHandledBodySchema>;

/** POST /api/messages/{id}/answer: the answer mailed to the sender; the message is then handled. */
export const answerContactBodySchema = z.object({
  message: requiredText(validationMessages.labels.answer, CONTACT_MESSAGE_MAX),
});
export type AnswerContactBody = z.infer<typeof answerContactBodySchema>;

export const contactMessageResponseSchema = successMessageWith({ data: contactMessageSchema });
export type ContactMessageResponse = z.infer<typeof contactMessageResponseSchema>;
