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
  title: 'Contact Us',
  intro: 'Questions about bookings, packages or your plan? We usually answer within one working day.',
  reachUs: 'Reach us',
  phone: 'Phone',
  office: 'Office',
  hoursLabel: 'Hours',
  formTitle: 'Send us a message',
  name: 'Name',
  message: 'Message',
  listIntro: 'Messages sent through the contact form.',
  listLabel: 'Contact messages',
  loading: 'Loading messages…',
  noneYetHint: 'Messages that clients and planners send from the contact page show up here.',
  count: (total: number) => `${total} message${total === 1 ? '' : 's'}, newest first.`,
  priorityNote: (priority: string) =>
    ` Messages marked ${priority} come from users whose plan includes priority support.`,
  viewProfile: (name: string) => `View ${name}'s profile`,
  /** Where the team is, and when it answers the phone and messages (East Africa Time). */
  city: 'Nairobi, Kenya',
  hours: 'Monday to Friday, 8:00 to 18:00 EAT',
} as const;
