import { PAYMENT_METHODS, type PaymentMethod } from '@sherehe/shared/payments';
import type { PaymentMethodsResponse } from '@sherehe/shared/schemas/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentApiPaths } from './payment-paths';

/** The deployment's settings decide the answer, and they change only with a restart. */
const METHODS_STALE_MS = 10 * 60_000;

/**
 * GET /api/payments/methods: the ways of paying offered now (docs/money.md#payments): both in simulator mode, the
 * configured ones in live mode, none when payments are off.
 */
export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodsResponse> {
  return api.get<PaymentMethodsResponse>(paymentApiPaths.methods, signal);
}

export function paymentMethodsQueryOptions() {
  return queryOptions({
    // Not under the payments' key: a payment's news does not change how one may pay.
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods(signal),
    select: (reply) => reply.methods,
    staleTime: METHODS_STALE_MS,
    // A failed answer stays failed for the page (every method, below): asking again as each booking's
    // block or a dialog mounts would take the answer back to "not known" and hide them meanwhile.
    retryOnMount: false,
  });
}

/**
 * The ways of paying offered: undefined while not known yet. When the call fails, every method, as
 * before the call existed: the server still refuses one it does not have, in words.
 */
export function usePaymentMethods(): readonly PaymentMethod[] | undefined {
  const query = useQuery(paymentMethodsQueryOptions());
  return query.data ?? (query.isError ? PAYMENT_METHODS : undefined);
}

/**
 * The most M-Pesa takes in one payment (MPESA_MAX_AMOUNT), Ksh: a larger amount is paid by card.
 * Undefined while not known (or from a server that does not say): the server still refuses it, in words.
 */
export function useMpesaMaxAmount(): number | undefined {
  const query = useQuery({ ...paymentMethodsQueryOptions(), select: (reply) => reply.mpesaMaxAmount });
  return query.data;
}
