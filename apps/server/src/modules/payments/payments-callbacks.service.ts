import { receiptStandsIn } from '@sherehe/shared/payments';
import type { Db } from '../../db/client';
import { isId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { PaymentProvider, ProviderEvent } from '../../payments/provider';
import { receiveRefundEvent, wakeUnsentRefunds } from '../ledger';
import {
  findPayment,
  findPaymentByProviderRef,
  lockPayment,
  type PaymentRow,
  updatePayment,
} from './payments.queries';
import { type PaymentDeps, receiptMailKey, settleLatePayment, settlePayment } from './payments.service';
import { confirmWithProvider } from './payments-reconcile.service';

/** What a callback came to (logged by the route; the provider is answered the same either way). */
export type CallbackOutcome = 'settled' | 'receipt' | 'pending' | 'ignored' | 'refused';

type PaymentClaim = Extract<ProviderEvent, { kind: 'payment' }>;

/**
 * An authentic callback or webhook: found by providerRef (or, for an M-Pesa payment whose start never
 * learnt its CheckoutRequestID, by the payment id in the callback's path), confirmed by a query, then
 * settled. A late callback of a payment already counted may still bring its M-Pesa receipt number.
 */
export async function receiveProviderEvent(
  deps: PaymentDeps,
  provider: PaymentProvider,
  event: ProviderEvent,
  path: { paymentId?: string } = {},
): Promise<CallbackOutcome> {
  // A refund's outcome (Daraja's reversal result, Paystack's refund webhook): the refunds' own service.
  if (event.kind === 'refund') return receiveRefundEvent(deps, event);
  if (event.kind !== 'payment') return 'ignored';
  const found = await findCallbackPayment(deps, provider, event.providerRef, path.paymentId);
  if (found === 'refused') return 'refused';
  if (!found) return 'ignored';
  const { payment, adopt } = found;
  if (payment.status === 'succeeded' && !adopt) return recordProviderReceipt(deps, provider, payment, event);
  if (payment.status === 'expired' && event.state.status === 'succeeded')
    return receiveLateSuccess(deps, provider, payment, event, adopt);
  if (payment.status !== 'pending') {
    if (event.state.status === 'succeeded')
      // Money may have been taken for a payment that failed: someone must look at it.
      deps.log.error(
        { paymentId: payment.id, status: payment.status },
        'a success claimed for a payment that did not succeed: reconcile by hand',
      );
    return 'ignored';
  }
  // The reference the callback names is asked about, and learnt only once the provider answers for it.
  const ref = adopt ? event.providerRef : undefined;
  const state = await confirmWithProvider(deps, provider, payment, event.state, ref);
  if (state.status === 'mismatch') return 'refused';
  if (state.status === 'unknown') return 'pending';
  if (state.status === 'pending') {
    if (ref) await recordProviderRef(deps, payment.id, ref);
    return 'pending';
  }
  const settled = await settlePayment(deps, payment.id, state, ref ? { providerRef: ref } : {});
  return settled ? 'settled' : 'ignored';
}

/**
 * A success claimed for a payment given up on (expired): confirmed by a query, then counted if still
 * owed or refunded (settleLatePayment). One already refunded so may still bring its M-Pesa receipt
 * number, which its reversal waits for.
 */
async function receiveLateSuccess(
  deps: PaymentDeps,
  provider: PaymentProvider,
  payment: PaymentRow,
  event: PaymentClaim,
  adopt: boolean,
): Promise<CallbackOutcome> {
  if (payment.receipt !== null) return recordProviderReceipt(deps, provider, payment, event);
  const ref = adopt ? event.providerRef : undefined;
  const state = await confirmWithProvider(deps, provider, payment, event.state, ref);
  if (state.status === 'mismatch') return 'refused';
  if (state.status !== 'succeeded')
    return state.status === 'failed' || state.status === 'cancelled' ? 'ignored' : 'pending';
  const settled = await settleLatePayment(deps, payment.id, state, ref ? { providerRef: ref } : {});
  return settled ? 'settled' : 'ignored';
}

/**
 * The payment a callback is about. By its providerRef first; Paystack's reference is our payment's id,
 * so its webhook finds the payment even before the start recorded the reference. An M-Pesa callback's
 * path names our payment: that payment, when it has no CheckoutRequestID yet (`adopt`); a path that
 * names another payment than the CheckoutRequestID's, or a payment that has another, is refused.
 */
async function findCallbackPayment(
  deps: PaymentDeps,
  provider: PaymentProvider,
  providerRef: string,
  pathPaymentId: string | undefined,
): Promise<{ payment: PaymentRow; adopt: boolean } | 'refused' | undefined> {
  const byRef = await findByProviderRef(deps.db, provider, providerRef);
  if (byRef && byRef.method !== provider.method) return undefined;
  if (pathPaymentId === undefined) return byRef && { payment: byRef, adopt: false };
  if (byRef) {
    if (byRef.id === pathPaymentId) return { payment: byRef, adopt: false };
    deps.log.warn(
      { paymentId: byRef.id, pathPaymentId },
      'payment callback path names another payment than its reference: refused',
    );
    return 'refused';
  }
  const named = isId(pathPaymentId) ? await findPayment(deps.db, pathPaymentId) : undefined;
  if (!named || named.method !== provider.method) return undefined;
  if (named.providerRef !== null) {
    deps.log.warn(
      { paymentId: named.id },
      'payment callback names a reference the payment does not have: refused',
    );
    return 'refused';
  }
  return { payment: named, adopt: true };
}

async function findByProviderRef(db: Db, provider: PaymentProvider, providerRef: string) {
  const payment = await findPaymentByProviderRef(db, providerRef);
  if (payment || provider.method !== 'card' || !isId(providerRef)) return payment;
  const byId = await findPayment(db, providerRef);
  return byId?.providerRef === null ? byId : undefined;
}

/**
 * A callback whose reference the provider knows, for a payment still pending there: the reference is
 * kept, so the reconcile job can ask about it later. Under the row lock; never over another reference.
 */
async function recordProviderRef(deps: PaymentDeps, paymentId: string, providerRef: string) {
  try {
    await deps.db.transaction(async (tx) => {
      const current = await lockPayment(tx, paymentId);
      if (current?.status === 'pending' && current.providerRef === null)
        await updatePayment(tx, paymentId, { providerRef });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    deps.log.warn({ paymentId }, 'payment reference already recorded on another payment');
  }
}

/**
 * A late callback of a payment already counted by a status query: its receipt number replaces the
 * stand-in, once, after a query confirms the success and with the amount asked for. Nothing else
 * changes (the amount, the fee and the counts stay); the receipt mail still waiting goes now, with it.
 */
async function recordProviderReceipt(
  deps: PaymentDeps,
  provider: PaymentProvider,
  payment: PaymentRow,
  event: PaymentClaim,
): Promise<CallbackOutcome> {
  const claimed = event.state;
  if (claimed.status !== 'succeeded' || !claimed.receipt || !receiptStandsIn(payment)) return 'ignored';
  const state = await confirmWithProvider(deps, provider, payment, claimed);
  if (state.status === 'mismatch') return 'refused';
  if (state.status !== 'succeeded') {
    if (state.status !== 'unknown')
      deps.log.warn(
        { paymentId: payment.id, status: state.status },
        'a counted payment is not a success at its provider',
      );
    return 'ignored';
  }
  const receipt = claimed.receipt;
  let updated: PaymentRow | undefined;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const current = await lockPayment(tx, payment.id);
      if (!current || !receiptStandsIn(current)) return undefined;
      const row = await updatePayment(tx, payment.id, { receipt });
      await deps.jobs.dueNow(tx, receiptMailKey(payment.id));
      await wakeUnsentRefunds(tx, deps.jobs, payment.id);
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    deps.log.warn({ paymentId: payment.id }, 'payment receipt already recorded on another payment');
    return 'refused';
  }
  if (!updated) return 'ignored';
  deps.jobs.wake();
  deps.notify(updated);
  return 'receipt';
}
