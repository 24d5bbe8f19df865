/** The ledger module's front door: what other modules may use of it (docs/modules.md). */
export { payoutsTotal } from './ledger.queries';
export { REFUND_STATUS_JOB, refundStatusJob } from './refund-status.service';
export {
  queueCancellationRefunds,
  queueLateRefund,
  REFUND_JOB,
  receiveRefundEvent,
  recordPaymentSucceeded,
  refundJob,
  wakeUnsentRefunds,
} from './refunds.service';
