// User-facing texts of one domain: the emails the server sends (apps/server/src/mail/), and their layout.
import type { BookingStatus } from '../booking-status';

export const mailMessages = {
  /** The `lang` of every email's <html>. */
  htmlLang: 'en',
  brand: 'Sherehe',
  footer: 'Sherehe: event planning in Kenya.',
  /** The last line of the plain-text version. */
  signature: '— Sherehe',
  greeting: (name: string) => `Hello ${name},`,
  openBookings: 'Open your bookings',

  bookingRequestedSubject: (title: string) => `New booking request: ${title}`,
  bookingRequestedText: (client: string, title: string, day: string) =>
    `${client} would like to book "${title}" for ${day}.`,
  theirMessage: (message: string) => `Their message: ${message}`,
  answerRequest: 'Accept or decline the request from your dashboard.',
  /** An enquiry: a question before booking, its day perhaps still open. */
  enquirySubject: (title: string) => `New enquiry: ${title}`,
  enquiryText: (client: string, title: string, day: string) => `${client} asks about "${title}" for ${day}.`,
  enquiryGuests: (guests: number) => `Guests: ${guests}`,
  enquiryBudget: (budget: string) => `Budget: ${budget}`,
  answerEnquiry: 'Answer in the chat, or with a quote that names the price and the day.',
  /** In place of a day an enquiry left open. */
  dateToBeAgreed: 'a date to be agreed',

  /** To the client: the planner changed their booking. */
  bookingStatusSubject: (title: string, status: BookingStatus) => `Your booking of ${title} is ${status}`,
  bookingStatusText: (title: string, day: string, status: BookingStatus) =>
    `Your booking of "${title}" for ${day} is now ${status}.`,
  /** To the planner: the client changed their booking. */
  bookingStatusByClientSubject: (title: string, status: BookingStatus) => `Booking ${status}: ${title}`,
  bookingStatusByClientText: (client: string, title: string, day: string, status: BookingStatus) =>
    `${client} ${status} their booking of "${title}" for ${day}.`,

  resetSubject: 'Reset your Sherehe password',
  resetText:
    'Someone (we hope you) asked to reset the password of your Sherehe account. The link works once, for one hour.',
  resetIgnore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  resetAction: 'Choose a new password',

  testSubject: 'Sherehe test email',
  testText: 'This is a test email from Sherehe. If you can read it, email delivery works.',
  /** An admin's answer to a message sent through the contact form. */
  contactAnswerSubject: 'Answer to your message to Sherehe',
  contactAnswerIntro: 'The Sherehe team has answered your message:',
  yourMessage: (message: string) => `Your message: ${message}`,
} as const;
