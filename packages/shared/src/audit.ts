/**
 * The audit trail's actions (docs/audit.md): every admin action and every money movement writes one
 * `audit_events` row named by one of these, in the transaction that does it.
 */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.deleted',
  'plan.set',
  'payout.recorded',
  'job.retried',
  'category.created',
  'category.updated',
  'category.deleted',
  'package.removed',
  'package.changed',
  'booking.status_changed',
  'review.removed',
  'contact.handled',
  'contact.answered',
  'payment.succeeded',
  'payment.failed',
  'payment.late_not_owed',
  'refund.queued',
  'refund.succeeded',
  'refund.failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit row is about. */
export const AUDIT_SUBJECTS = [
  'user',
  'payout',
  'refund',
  'job',
  'category',
  'package',
  'contact',
  'payment',
  'booking',
  'review',
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];
