import { formatDate } from '@sherehe/shared/dates';
import { refundsMessages as m } from '@sherehe/shared/messages/refunds';
import { formatKsh } from '@sherehe/shared/money';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InputField, SelectField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { TitledSection } from '@/components/ui/titled-section';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/use-form-submit';
import { usePayouts, useRecordPayout } from '../api/ledger';

/** M-Pesa's transaction code: ten letters and digits, like QFT4XYZ123. */
const PAYOUT_REFERENCE = /^[A-Z0-9]{10}$/;

/**
 * Shillings as typed, with thousands commas or spaces and at most two decimals (`5,000.50`), as a
 * number of the same decimal value; null for anything else (nothing, a letter, three decimals, 0).
 */
function amountOf(typed: string): number | null {
  const plain = typed.replace(/[\s,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const value = Number(plain);
  return value > 0 ? value : null;
}

/** The server's refusal of a field, under that field. */
function fieldProblems(error: unknown): { amount?: string; reference?: string } {
  if (!isApiError(error)) return {};
  const at = (path: string) => error.errors.find((issue) => issue.path === path)?.message;
  const amount = at('amount');
  const reference = at('reference');
  return { ...(amount ? { amount } : {}), ...(reference ? { reference } : {}) };
}

/** /dashboard/payouts (admins, docs/money.md#refunds-the-ledger-and-payouts): what each planner is owed, recording a payout, and the history. */
export default function PayoutsPage() {
  const payouts = usePayouts();
  const record = useRecordPayout();
  const [plannerId, setPlannerId] = useState('');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const planners = payouts.data?.planners ?? [];
  const chosen =
    plannerId || planners.find((p) => p.payable > 0)?.planner._id || planners[0]?.planner._id || '';
  const [problems, setProblems] = useState<{ amount?: string; reference?: string }>({});
  const { submit, pendingInput } = useFormSubmit({
    send: (body: { plannerId: string; amount: number; reference: string }) => record.mutateAsync(body),
    onStart: () => setProblems({}),
    successToast: (reply) => m.recorded(formatKsh(reply.payout.amount), reply.payout.planner.username),
    // A field the server refuses is said under it; anything else in a toast.
    failureToast: (error) => {
      const { amount: byAmount, reference: byReference } = fieldProblems(error);
      return byAmount || byReference ? null : serverMessageOr(error, m.recordFailed);
    },
    onFailure: (error) => setProblems(fieldProblems(error)),
    onSuccess: () => {
      setAmount('');
      setReference('');
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Checked here first, in the page's language: shillings as people write them (5000, 5,000.50),
    // and M-Pesa's ten-character code.
    const shillings = amountOf(amount);
    const code = reference.trim().toUpperCase();
    const found = {
      ...(shillings === null ? { amount: m.amountInvalid } : {}),
      ...(PAYOUT_REFERENCE.test(code) ? {} : { reference: m.referenceInvalid }),
    };
    setProblems(found);
    if (shillings === null || found.reference) return;
    void submit({ plannerId: chosen, amount: shillings, reference: code });
  };

  return (
    <div className="space-y-6">
      <PageHeader title={m.payoutsTitle}>{m.payoutsIntro}</PageHeader>
      {payouts.isPending ? (
        <p>{m.loading}</p>
      ) : payouts.isError ? (
        <LoadError message={m.loadFailed} onRetry={() => void payouts.refetch()} />
      ) : (
        <>
          <TitledSection id="owed-title" title={m.owedTitle} titleClassName="text-xl font-semibold">
            <p className="mt-1 text-stone-700">{m.plannerBalanceMeans}</p>
            {planners.length === 0 ? (
              <EmptyState title={m.noPlanners} />
            ) : (
              <table className="mt-2 w-full border-collapse text-left">
                <thead>
                  <tr className="border-b border-stone-200 text-sm text-stone-600">
                    <th className="py-2 pr-4">{m.plannerColumn}</th>
                    <th className="py-2 pr-4">{m.pending}</th>
                    <th className="py-2 pr-4">{m.payable}</th>
                  </tr>
                </thead>
                <tbody>
                  {planners.map((row) => (
                    <tr key={row.planner._id} className="border-b border-stone-100">
                      <td className="py-2 pr-4">{row.planner.username}</td>
                      <td className="py-2 pr-4">{formatKsh(row.pending)}</td>
                      <td className="py-2 pr-4 font-semibold">{formatKsh(row.payable)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </TitledSection>
          {planners.length > 0 ? (
            <TitledSection
              id="record-title"
              title={m.recordTitle}
              className="rounded-2xl border border-stone-200 bg-white p-4"
              titleClassName="text-xl font-semibold"
            >
              <form noValidate className="mt-3 grid gap-4 sm:grid-cols-3" onSubmit={onSubmit}>
                <SelectField
                  label={m.plannerLabel}
                  value={chosen}
                  onChange={(event) => setPlannerId(event.target.value)}
                  options={planners.map((row) => ({
                    value: row.planner._id,
                    label: `${row.planner.username} (${formatKsh(row.payable)})`,
                  }))}
                />
                <InputField
                  label={m.amountLabel}
                  inputMode="decimal"
                  required
                  error={problems.amount}
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                />
                <InputField
                  label={m.referenceLabel}
                  required
                  error={problems.reference}
                  autoCapitalize="characters"
                  value={reference}
                  onChange={(event) => setReference(event.target.value)}
                />
                <div className="sm:col-span-3">
                  <Button type="submit" disabled={pendingInput !== null}>
                    {pendingInput !== null ? m.recording : m.recordButton}
                  </Button>
                </div>
              </form>
            </TitledSection>
          ) : null}
          <TitledSection id="history-title" title={m.historyTitle} titleClassName="text-xl font-semibold">
            {payouts.data.payouts.length === 0 ? (
              <p className="mt-2 text-stone-600">{m.noPayouts}</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {payouts.data.payouts.map((payout) => (
                  <li key={payout._id} className="rounded-xl border border-stone-200 bg-white p-3">
                    {payout.planner.username} · {formatKsh(payout.amount)} · {payout.reference} ·{' '}
                    {formatDate(payout.createdAt)}
                  </li>
                ))}
              </ul>
            )}
          </TitledSection>
        </>
      )}
    </div>
  );
}
