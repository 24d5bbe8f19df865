// User-facing texts of one domain; the specification's quotes are copied word for word.

export const contactMessages = {
  sent: 'Message sent successfully! We will get back to you soon.',
  sendFailed: 'Failed to send message.',
  adminsRefused: 'Admins are not allowed to send messages via this form.',
  loginRequired: 'Please log in to send us a message.',
  loadFailed: 'Failed to load messages.',
  sendButton: 'Send Message',
  sending: 'Sending...',
  noneYet: 'No messages yet.',
  priority: 'Priority',
} as const;
