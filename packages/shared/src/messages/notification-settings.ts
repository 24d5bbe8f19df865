// User-facing texts of one domain: the notification switches on the profile (SMS and email).

export const notificationSettingsMessages = {
  title: 'Notifications',
  intro: 'Choose what we tell you by SMS and by email. Security emails and verification codes always come.',
  sms: 'SMS',
  email: 'Email',
  bookings: 'Bookings and quotes',
  payments: 'Payments',
  reminders: 'Reminders',
  chat: 'Unread chat messages',
  switchLabel: (channel: string, topic: string) => `${topic} by ${channel}`,
  smsNeedsPhone: 'SMS needs a verified phone number: verify yours on this page first.',
  smsGoesTo: (phone: string) => `SMS go to +${phone}.`,
  smsStopped: 'You replied STOP to one of our messages. Turn an SMS switch on to get SMS again.',
  save: 'Save notifications',
  saving: 'Saving…',
  saved: 'Notification settings saved.',
  saveFailed: 'Could not save your notification settings.',
  loadFailed: 'Could not load your notification settings.',
};
