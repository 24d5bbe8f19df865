/**
 * What people are told, and how (docs/notifications.md). Each notice belongs to a topic; a person
 * switches each topic on or off for SMS and for email (`GET`/`PATCH /api/user/notifications`).
 * Security mails (sign-up, password reset) and verification codes belong to no topic: they always go.
 */
export const NOTIFICATION_TOPICS = ['bookings', 'payments', 'reminders', 'chat'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type NotificationSettings = Record<NotificationChannel, Record<NotificationTopic, boolean>>;

/**
 * The SMS notices and their topics: to a planner, a new request and an accepted quote; to a client,
 * their booking accepted or declined, a quote received, a payment confirmed, the day before and the
 * balance coming due; to either, a chat message left unread for 10 minutes.
 */
export const SMS_NOTICE_TOPICS = {
  'booking-requested': 'bookings',
  'quote-accepted': 'bookings',
  'booking-accepted': 'bookings',
  'booking-declined': 'bookings',
  'quote-received': 'bookings',
  'payment-confirmed': 'payments',
  'balance-due': 'payments',
  'event-tomorrow': 'reminders',
  'chat-unread': 'chat',
} as const satisfies Record<string, NotificationTopic>;
export type SmsNoticeKind = keyof typeof SMS_NOTICE_TOPICS;

/** The SMS kind of a verification code: no topic, no quiet hours, no daily limit's refusal. */
export const PHONE_CODE_SMS_KIND = 'phone-code';

/**
 * What a person is waiting for, sent even in quiet hours: verification codes and payment
 * confirmations. Everything else waits for the morning.
 */
export const SMS_KINDS_IN_QUIET_HOURS: readonly string[] = [PHONE_CODE_SMS_KIND, 'payment-confirmed'];

/** Where consent to a channel and topic was given or withdrawn (the `notification_consents` rows). */
export const NOTIFICATION_CONSENT_SOURCES = ['profile', 'phone-verified', 'stop-reply'] as const;
export type NotificationConsentSource = (typeof NOTIFICATION_CONSENT_SOURCES)[number];
