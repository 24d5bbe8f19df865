import { isCalendarDay } from '@sherehe/shared/dates';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from '@sherehe/shared/payments';
import type { ListPaymentsQuery } from '@sherehe/shared/schemas/payments';
import { useListParams } from '@/lib/use-list-params';

export const PAYMENTS_PAGE_SIZE = 10;

export interface PaymentsListState {
  /** '' for every status or method, or no bound on the day. */
  status: PaymentStatus | '';
  method: PaymentMethod | '';
  /** Days in Africa/Nairobi (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  page: number;
}

export const NO_PAYMENT_FILTERS = { status: '', method: '', from: '', to: '' } as const;

/** What /dashboard/payments's URL says; unknown values fall back to the defaults. */
export function readPaymentsState(params: URLSearchParams): PaymentsListState {
  const status = PAYMENT_STATUSES.find((value) => value === params.get('status')) ?? '';
  const method = PAYMENT_METHODS.find((value) => value === params.get('method')) ?? '';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return isCalendarDay(value) ? value : '';
  };
  const page = Number(params.get('page'));
  return {
    status,
    method,
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function hasPaymentFilters(state: PaymentsListState): boolean {
  return Boolean(state.status || state.method || state.from || state.to);
}

/** The request: the filters only where they apply (an admin's view); a planner sees all of theirs. */
export function toPaymentsQuery(state: PaymentsListState, withFilters: boolean): ListPaymentsQuery {
  const query: ListPaymentsQuery = { page: state.page, limit: PAYMENTS_PAGE_SIZE };
  if (!withFilters) return query;
  if (state.status) query.status = state.status;
  if (state.method) query.method = state.method;
  if (state.from) query.from = state.from;
  if (state.to) query.to = state.to;
  return query;
}

/** The filters and page in the URL, so a reload or a shared link keeps them; a filter change goes back to page 1. */
export function usePaymentsListParams() {
  return useListParams(readPaymentsState);
}
