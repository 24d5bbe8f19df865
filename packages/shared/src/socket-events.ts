import { z } from 'zod';
import type { ErrorBody } from './errors';
import { validationMessages } from './messages/validation';
import { ATTACHMENTS_PER_MESSAGE, attachmentSchema } from './schemas/attachments';

/** The chat's socket.io contract (docs/chat-and-files.md, Chat sockets; docs/architecture.md, The API contract). */
export const SOCKET_PATH = '/socket.io';

/** Client reconnection (docs/product-spec.md#chat-states): 1 s growing to 5 s, randomised by half, 20 s connect timeout. */
export const SOCKET_CLIENT_OPTIONS = {
  path: SOCKET_PATH,
  transports: ['websocket'] as string[],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
};

export const CHAT_MESSAGE_MAX = 2000;
/** How long the panel waits for the history before saying it failed (docs/product-spec.md#chat-states). */
export const CHAT_HISTORY_TIMEOUT_MS = 5000;

export const ClientEvents = {
  joinRoom: 'joinRoom',
  leaveRoom: 'leaveRoom',
  fetchMessages: 'fetchMessages',
  sendMessage: 'sendMessage',
  getUnreadCount: 'getUnreadCount',
  markRead: 'markRead',
} as const;

export const ServerEvents = {
  newMessage: 'newMessage',
  notification: 'notification',
  /** A payment of the booking started or settled (to the booking's room): a Payment. */
  paymentUpdated: 'paymentUpdated',
  /**
   * A planner's offer on a booking was made, answered or lapsed (to both parties and the booking's
   * room): `{ booking }`, the Booking as it is now.
   */
  quoteUpdated: 'quoteUpdated',
} as const;

export const bookingRefSchema = z.object({ bookingId: z.uuid('bookingId must be a booking id.') });

export const sendMessageSchema = z
  .object({
    bookingId: z.uuid('bookingId must be a booking id.'),
    receiver: z.uuid('receiver must be a user id.'),
    content: z
      .string({ error: validationMessages.chatNotText })
      .trim()
      .max(CHAT_MESSAGE_MAX, validationMessages.chatTooLong(CHAT_MESSAGE_MAX))
      .refine((text) => !text.includes('\u0000'), validationMessages.chatNul),
    /** The sender's own id for this message, so a resend after a reconnect is not stored twice. */
    clientId: z.string().max(64).optional(),
    /** Files uploaded first (POST /api/bookings/{id}/attachments), sent with this message (docs/chat-and-files.md#files-in-chat). */
    attachments: z
      .array(z.uuid('Each attachment must be an attachment id.'), {
        error: 'attachments must be a list of ids.',
      })
      .max(ATTACHMENTS_PER_MESSAGE, validationMessages.chatTooManyFiles(ATTACHMENTS_PER_MESSAGE))
      .optional(),
  })
  // Text may be empty only when files are sent.
  .refine((message) => message.content.length > 0 || (message.attachments?.length ?? 0) > 0, {
    message: validationMessages.chatEmpty,
    path: ['content'],
  });
export type SendMessagePayload = z.infer<typeof sendMessageSchema>;

export const unreadCountSchema = z
  .object({
    bookingId: z.uuid('bookingId must be a booking id.').optional().nullable(),
    packageId: z.uuid('packageId must be a package id.').optional().nullable(),
  })
  .optional()
  .nullable();

export const chatMessageSchema = z
  .object({
    _id: z.string(),
    booking: z.string(),
    sender: z.object({ _id: z.string(), username: z.string() }),
    receiver: z.string(),
    content: z.string(),
    createdAt: z.string(),
    clientId: z.string().optional(),
    /** The files sent with the message, when there are any (additive to the specification's shape). */
    attachments: z.array(attachmentSchema).optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export interface ChatNotification {
  bookingId: string;
  packageId: string | null;
  packageTitle: string;
  sender: { _id: string; username: string };
  message: ChatMessage;
}

/** What an acknowledgement carries when a request is refused: the HTTP error body. */
export type SocketError = ErrorBody;

export const unreadSummarySchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  /** Unread messages to the caller per booking (only bookings with some). */
  byBooking: z.record(z.string(), z.number().int()),
});
export type UnreadSummary = z.infer<typeof unreadSummarySchema>;
