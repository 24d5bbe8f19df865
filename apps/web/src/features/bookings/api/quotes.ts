import type { BookingResponse, CreateQuoteBody } from '@sherehe/shared/schemas/bookings';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { bookingWritesApiPaths } from './booking-writes-paths';
import { bookingsKey } from './get-my-bookings';

/** POST /api/bookings/:id/quote: the planner's offer on a pending request. */
export function sendQuote({ id, ...body }: { id: string } & CreateQuoteBody): Promise<BookingResponse> {
  return api.post<BookingResponse>(bookingWritesApiPaths.quote(id), body);
}

export function useSendQuote() {
  return useRefreshingMutation(sendQuote, [bookingsKey]);
}

export type QuoteAnswer = 'accept' | 'decline';

/** POST /api/bookings/:id/quote/accept or /decline: the client's answer. */
export function answerQuote({ id, answer }: { id: string; answer: QuoteAnswer }): Promise<BookingResponse> {
  return api.post<BookingResponse>(bookingWritesApiPaths.quoteAnswer(id, answer), {});
}

export function useAnswerQuote() {
  return useRefreshingMutation(answerQuote, [bookingsKey]);
}
