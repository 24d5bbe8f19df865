/** The ledger module's front door: what other modules may use of it (docs/modules.md). */
export { payoutsTotal } from './ledger.queries';
export { decimalToCents } from './ledger.service';
export {
  queueCancellationRefunds,
  queueLateRefund,
  receiveRefundEvent,
  recordPaymentSucceeded,
  wakeUnsentRefunds,
} from './refunds.service';
