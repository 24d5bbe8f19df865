import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TOPICS, type NotificationChannel } from '../notifications';
import { successWith } from './common';

const topicSwitches = z
  .object({
    bookings: z.boolean(),
    payments: z.boolean(),
    reminders: z.boolean(),
    chat: z.boolean(),
  })
  .meta({ id: 'NotificationTopics' });

/** Which notices a person wants, per channel and topic (docs/notifications.md#settings). */
export const notificationSettingsSchema = z
  .object({ sms: topicSwitches, email: topicSwitches })
  .meta({ id: 'NotificationSettings' });

export const notificationsResponseSchema = successWith({
  notifications: notificationSettingsSchema,
  /** The verified number SMS go to, or null: no SMS is sent without one. */
  smsPhone: z.string().nullable(),
  /** The number replied STOP: no SMS until an SMS switch is turned on again here. */
  smsStopped: z.boolean(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

const partialSwitches = z.strictObject({
  bookings: z.boolean().optional(),
  payments: z.boolean().optional(),
  reminders: z.boolean().optional(),
  chat: z.boolean().optional(),
});

/** A change to some switches: the same shape, every key optional, no other key. */
export const notificationsPatchBodySchema = z.strictObject({
  sms: partialSwitches.optional(),
  email: partialSwitches.optional(),
});
export type NotificationsPatchBody = z.infer<typeof notificationsPatchBodySchema>;

/** The eight switches' names in order, for forms and tests. */
export const NOTIFICATION_SWITCHES = NOTIFICATION_CHANNELS.flatMap((channel: NotificationChannel) =>
  NOTIFICATION_TOPICS.map((topic) => ({ channel, topic })),
);
