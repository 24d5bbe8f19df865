/** The payments module's front door: what other modules may use of it (docs/modules.md). */
export { moneyFigures } from './money-figures';
export { PAYMENT_RECEIPT_MAIL_JOB, PAYMENT_RECONCILE_JOB } from './payments.service';
export { paymentReceiptMailJob, paymentReconcileJob } from './payments-reconcile.service';
