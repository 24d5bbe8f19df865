import { formatDate } from '@sherehe/shared/dates';
import { refundsMessages as m } from '@sherehe/shared/messages/refunds';
import { formatKsh } from '@sherehe/shared/money';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InputField, SelectField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { useFormSubmit } from '@/lib/use-form-submit';
import { usePayouts, useRecordPayout } from '../api/ledger';

/** /dashboard/payouts (admins, DESIGN §7): what each planner is owed, recording a payout, and the history. */
export default function PayoutsPage() {
  const payouts = usePayouts();
  const record = useRecordPayout();
  const [plannerId, setPlannerId] = useState('');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const planners = payouts.data?.planners ?? [];
  const chosen =
    plannerId || planners.find((p) => p.payable > 0)?.planner._id || planners[0]?.planner._id || '';
  const { submit, pendingInput } = useFormSubmit({
    send: (body: { plannerId: string; amount: number; reference: string }) => record.mutateAsync(body),
    successToast: (reply) => m.recorded(formatKsh(reply.payout.amount), reply.payout.planner.username),
    failureToast: m.recordFailed,
    onSuccess: () => {
      setAmount('');
      setReference('');
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ plannerId: chosen, amount: Number(amount), reference: reference.trim() });
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
          <section aria-labelledby="owed-title">
            <h2 id="owed-title" className="text-xl font-semibold">
              {m.owedTitle}
            </h2>
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
          </section>
          {planners.length > 0 ? (
            <section
              aria-labelledby="record-title"
              className="rounded-2xl border border-stone-200 bg-white p-4"
            >
              <h2 id="record-title" className="text-xl font-semibold">
                {m.recordTitle}
              </h2>
              <form className="mt-3 grid gap-4 sm:grid-cols-3" onSubmit={onSubmit}>
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
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                />
                <InputField
                  label={m.referenceLabel}
                  required
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
            </section>
          ) : null}
          <section aria-labelledby="history-title">
            <h2 id="history-title" className="text-xl font-semibold">
              {m.historyTitle}
            </h2>
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
          </section>
        </>
      )}
    </div>
  );
}
