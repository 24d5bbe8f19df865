import type {
  EarningsResponse,
  PayoutsResponse,
  payoutResponseSchema,
  RecordPayoutBody,
} from '@sherehe/shared/schemas/ledger';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

const ledgerKey = ['ledger'] as const;

/** GET /api/earnings: the planner's balances, ledger and payouts. */
export function useEarnings() {
  return useQuery({
    queryKey: [...ledgerKey, 'earnings'],
    queryFn: ({ signal }) => api.get<EarningsResponse>('/api/earnings', signal),
  });
}

/** GET /api/payouts: what each planner is owed and the payout history (admins). */
export function usePayouts() {
  return useQuery({
    queryKey: [...ledgerKey, 'payouts'],
    queryFn: ({ signal }) => api.get<PayoutsResponse>('/api/payouts', signal),
  });
}

/** POST /api/payouts: records a payout; the balances are asked again. */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPayoutBody) =>
      api.post<z.infer<typeof payoutResponseSchema>>('/api/payouts', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ledgerKey }),
  });
}
