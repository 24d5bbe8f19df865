import type { PaymentRow } from '../db/schema';
import { anonymiseAuditUser, recordAudit, SYSTEM_AUDIT } from '../modules/audit';
import { deletePlannerBlocks } from '../modules/availability';
import { deleteFeedToken, scheduleAcceptedReminders, scheduleRequestReminder } from '../modules/calendar';
import { queueCancellationRefunds, queueLateRefund, recordPaymentSucceeded } from '../modules/ledger';
import {
  noticeBookingRequested,
  noticeBookingStatus,
  smsBookingAnswered,
  smsBookingDeclinedDayFull,
  smsBookingRequested,
  smsPaymentConfirmed,
  smsQuoteAccepted,
  smsQuoteOffered,
} from '../modules/notifications';
import { applyPlanPayment } from '../modules/plans';
import { eraseReviewsBy, scheduleReviewAsk } from '../modules/reviews';
import { deleteUserSessions } from '../modules/sessions';
import { eraseSmsOf } from '../modules/sms';
import { onDomainEvent } from './domain-events';

/**
 * Every module's handlers of the domain events, in one place (docs/modules.md): read it to see
 * what a change sets off. Called by `buildApp` before any route runs.
 */
export function registerDomainEventHandlers(): void {
  onDomainEvent('user.accessRevoked', 'sessions: end every session', (tx, { userId }) =>
    deleteUserSessions(tx, userId),
  );
  onDomainEvent('user.accessRevoked', 'calendar: the feed address stops working', (tx, { userId }) =>
    deleteFeedToken(tx, userId),
  );
  onDomainEvent('user.deleted', 'sessions: end every session', (tx, { userId }) =>
    deleteUserSessions(tx, userId),
  );
  onDomainEvent('user.deleted', 'calendar: the feed address goes', (tx, { userId }) =>
    deleteFeedToken(tx, userId),
  );
  onDomainEvent('user.deleted', 'availability: the days they blocked go', (tx, { userId }) =>
    deletePlannerBlocks(tx, userId),
  );
  onDomainEvent('user.deleted', 'reviews: the reviews they wrote go, ratings recounted', (tx, { userId }) =>
    eraseReviewsBy(tx, userId),
  );
  onDomainEvent('user.deleted', 'sms: the messages to them lose the number and the words', (tx, { userId }) =>
    eraseSmsOf(tx, userId),
  );
  onDomainEvent('booking.cancelled', 'ledger: the money paid goes back by the refund rules', (tx, event) =>
    queueCancellationRefunds(tx, event.jobs, event.booking, event.by),
  );
  onDomainEvent('payment.succeeded', "ledger: a booking payment's payment and fee rows", (tx, event) =>
    recordPaymentSucceeded(tx, event.jobs, event.payment),
  );
  onDomainEvent(
    'payment.succeeded',
    "plans: a plan payment starts or extends the plan's 30 days",
    (tx, event) =>
      event.payment.purpose === 'plan'
        ? applyPlanPayment(tx, event.jobs, event.payment, event.at)
        : Promise.resolve(),
  );
  onDomainEvent(
    'payment.succeeded',
    "notifications: a booking payment's client is told by SMS",
    (tx, event) => smsPaymentConfirmed(tx, event),
  );
  onDomainEvent('payment.lateNotOwed', 'ledger: refunded in full, never counted', (tx, event) =>
    queueLateRefund(tx, event.jobs, event.payment),
  );
  onDomainEvent('booking.requested', 'notifications: the planner is told by mail', (tx, event) =>
    noticeBookingRequested(tx, event),
  );
  onDomainEvent('booking.statusChanged', 'notifications: the other party is told by mail', (tx, event) =>
    noticeBookingStatus(tx, { ...event, status: event.booking.status }),
  );
  onDomainEvent('booking.requested', 'notifications: the planner is told by SMS', (tx, event) =>
    smsBookingRequested(tx, event),
  );
  onDomainEvent(
    'booking.statusChanged',
    'notifications: the client is told by SMS of an acceptance or a decline',
    (tx, event) => smsBookingAnswered(tx, event),
  );
  onDomainEvent('booking.declinedDayFull', 'notifications: the client is told by SMS', (tx, event) =>
    smsBookingDeclinedDayFull(tx, event),
  );
  onDomainEvent('quote.offered', 'notifications: the client is told by SMS', (tx, event) =>
    smsQuoteOffered(tx, event),
  );
  onDomainEvent('quote.accepted', 'notifications: the planner is told by SMS', (tx, event) =>
    smsQuoteAccepted(tx, event),
  );
  onDomainEvent(
    'booking.requested',
    'calendar: the planner is reminded of an unanswered request',
    (tx, event) => scheduleRequestReminder(event.jobs, tx, event.booking),
  );
  onDomainEvent('booking.accepted', "calendar: the event's and the payments' reminders", (tx, event) =>
    scheduleAcceptedReminders(event.jobs, tx, event.booking),
  );
  onDomainEvent(
    'booking.completed',
    'reviews: the client is asked for a review the next morning',
    (tx, event) => scheduleReviewAsk(event.jobs, tx, event.booking),
  );
  // The audit trail last: it records what the handlers above did.
  onDomainEvent('user.deleted', 'audit: their trail stays, without their id or addresses', (tx, { userId }) =>
    anonymiseAuditUser(tx, userId),
  );
  onDomainEvent('payment.succeeded', 'audit: the money that came in', (tx, { payment }) =>
    recordAudit(tx, SYSTEM_AUDIT, {
      action: 'payment.succeeded',
      subjectType: 'payment',
      subjectId: payment.id,
      summary: paymentSummary(payment),
    }),
  );
  onDomainEvent('payment.failed', 'audit: a payment that failed or expired', (tx, { payment }) =>
    recordAudit(tx, SYSTEM_AUDIT, {
      action: 'payment.failed',
      subjectType: 'payment',
      subjectId: payment.id,
      summary: { ...paymentSummary(payment), failureReason: payment.failureReason },
    }),
  );
  onDomainEvent(
    'payment.lateNotOwed',
    'audit: money taken late, never counted, refunded',
    (tx, { payment }) =>
      recordAudit(tx, SYSTEM_AUDIT, {
        action: 'payment.late_not_owed',
        subjectType: 'payment',
        subjectId: payment.id,
        summary: paymentSummary(payment),
      }),
  );
}

/** What an audit row keeps of a payment: no phone number, no name. */
function paymentSummary(payment: PaymentRow) {
  return {
    status: payment.status,
    method: payment.method,
    purpose: payment.purpose,
    amountCents: payment.amountCents,
    feeCents: payment.feeCents,
    bookingId: payment.bookingId,
  };
}
