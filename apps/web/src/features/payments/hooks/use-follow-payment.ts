import type { Payment } from '@sherehe/shared/schemas/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePayment } from '../api/get-payment';

/** How often a pending payment is asked for when the socket has not told us of it yet. */
export const PAYMENT_POLL_MS = 3000;
/** After this long pending, the payer is told it is taking a while and may keep waiting. */
export const STILL_WAITING_AFTER_MS = 45_000;

/**
 * Follows one payment until it settles: the socket's `paymentUpdated` lands in the same query cache
 * (usePaymentUpdates), and polling is the fallback when it does not come. After
 * STILL_WAITING_AFTER_MS the polling pauses and `waitingLong` says so, until `keepWaiting`; the
 * socket may still settle it meanwhile (`pausesWhenLong: false` polls on instead). Nothing is asked
 * once `paymentId` is null (the dialog closed). `since`: when the payment started, for one found pending
 * later (the wait counts from then).
 */
export function useFollowPayment(
  paymentId: string | null,
  onSettled?: (payment: Payment) => void,
  options: { pausesWhenLong?: boolean; since?: string } = {},
) {
  const { pausesWhenLong = true, since } = options;
  const [waitingLong, setWaitingLong] = useState(false);
  const [round, setRound] = useState(0);
  const query = usePayment(paymentId, { pollMs: waitingLong ? false : PAYMENT_POLL_MS });
  const payment = paymentId ? query.data?.payment : undefined;
  const pending = paymentId !== null && (payment === undefined || payment.status === 'pending');

  // biome-ignore lint/correctness/useExhaustiveDependencies: round restarts the wait (Keep waiting)
  useEffect(() => {
    setWaitingLong(false);
    if (!pending || !pausesWhenLong) return;
    // A payment found pending (after a refresh) has waited since it started; Check again waits anew.
    const waited = since && round === 0 ? Math.max(0, Date.now() - Date.parse(since)) : 0;
    const timer = setTimeout(() => setWaitingLong(true), Math.max(0, STILL_WAITING_AFTER_MS - waited));
    return () => clearTimeout(timer);
  }, [pending, paymentId, round, pausesWhenLong, since]);

  const refetch = query.refetch;
  const keepWaiting = useCallback(() => {
    setRound((current) => current + 1);
    void refetch();
  }, [refetch]);

  // Told once per payment, whichever of the socket, the poll or the start's answer settled it.
  const settledRef = useRef<string | null>(null);
  const onSettledRef = useRef(onSettled);
  useEffect(() => {
    onSettledRef.current = onSettled;
  });
  useEffect(() => {
    if (!payment || payment.status === 'pending' || settledRef.current === payment._id) return;
    settledRef.current = payment._id;
    onSettledRef.current?.(payment);
  }, [payment]);

  return { payment, waitingLong: pending && waitingLong, keepWaiting, failed: query.isError };
}
