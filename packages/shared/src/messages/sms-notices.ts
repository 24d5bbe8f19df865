// User-facing texts of one domain: the SMS notices (docs/notifications.md#what-is-sent), one a kind.
// Each is one SMS: `oneSms` makes the names and titles GSM-7 and cuts them until the whole message
// fits 160 characters; the words here, the amounts and the link stay whole (GSM-7 only: straight
// quotes, no emoji).
import { oneSms } from '../sms-text';

export const smsNoticesMessages = {
  /** To the planner: a new booking request (`booking-requested`). */
  bookingRequested: (client: string, title: string, link: string) =>
    oneSms((c, t) => `Sherehe: new booking request from ${c} for "${t}". Answer it: ${link}`, client, title),
  /** To the planner: a new enquiry (`booking-requested`). */
  enquiryReceived: (client: string, title: string, link: string) =>
    oneSms((c, t) => `Sherehe: new enquiry from ${c} about "${t}". Answer it: ${link}`, client, title),
  /** To the planner: the client accepted their quote (`quote-accepted`). */
  quoteAccepted: (client: string, title: string, amount: string, link: string) =>
    oneSms((c, t) => `Sherehe: ${c} accepted your quote of ${amount} for "${t}". ${link}`, client, title),
  /** To the client: the planner accepted their booking (`booking-accepted`). */
  bookingAccepted: (planner: string, title: string, day: string, link: string) =>
    oneSms(
      (p, t, d) => `Sherehe: ${p} accepted your booking of "${t}" for ${d}. ${link}`,
      planner,
      title,
      day,
    ),
  /** To the client: their request declined (`booking-declined`). */
  bookingDeclined: (planner: string, title: string, link: string) =>
    oneSms((p, t) => `Sherehe: ${p} declined your booking request for "${t}". ${link}`, planner, title),
  /** To the client: a quote to answer (`quote-received`). */
  quoteReceived: (planner: string, title: string, amount: string, link: string) =>
    oneSms(
      (p, t) => `Sherehe: ${p} sent you a quote of ${amount} for "${t}". Accept or decline: ${link}`,
      planner,
      title,
    ),
  /** To the client: a booking payment went through (`payment-confirmed`). */
  paymentConfirmed: (amount: string, title: string, link: string) =>
    oneSms((t) => `Sherehe: payment of ${amount} received for "${t}". Thank you! ${link}`, title),
  /** To the client: the event is tomorrow (`event-tomorrow`). */
  eventTomorrow: (title: string, planner: string, link: string) =>
    oneSms((t, p) => `Sherehe: "${t}" with ${p} is tomorrow. Details: ${link}`, title, planner),
  /** To the client: the balance falls due (`balance-due`). */
  balanceDue: (amount: string, title: string, day: string, link: string) =>
    oneSms(
      (t, d) => `Sherehe: the balance of ${amount} for "${t}" is due on ${d}. Pay it here: ${link}`,
      title,
      day,
    ),
  /** To either party: a chat message unread for 10 minutes (`chat-unread`). */
  chatUnread: (sender: string, title: string, link: string) =>
    oneSms((s, t) => `Sherehe: ${s} sent you a message about "${t}". Read it: ${link}`, sender, title),
};
