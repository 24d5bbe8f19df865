import { formatDate } from '@sherehe/shared/dates';
import { refundsMessages as m } from '@sherehe/shared/messages/refunds';
import { formatKsh } from '@sherehe/shared/money';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { TitledSection } from '@/components/ui/titled-section';
import { useEarnings } from '../api/ledger';

export function Figure({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-2xl font-bold text-stone-900">{formatKsh(amount)}</dd>
    </div>
  );
}

/** /dashboard/earnings (planners, docs/money.md#refunds-the-ledger-and-payouts): pending and payable balances, the ledger and the payouts. */
export default function EarningsPage() {
  const earnings = useEarnings();
  return (
    <div className="space-y-6">
      <PageHeader title={m.earningsTitle}>{m.earningsIntro}</PageHeader>
      {earnings.isPending ? (
        <p>{m.loading}</p>
      ) : earnings.isError ? (
        <LoadError message={m.loadFailed} onRetry={() => void earnings.refetch()} />
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Figure label={m.balance} amount={earnings.data.balance} />
            <Figure label={m.pending} amount={earnings.data.pending} />
            <Figure label={m.payable} amount={earnings.data.payable} />
          </dl>
          <p className="text-stone-700">{m.balanceMeans}</p>
          <TitledSection id="ledger-title" title={m.ledgerTitle} titleClassName="text-xl font-semibold">
            {earnings.data.entries.length === 0 ? (
              <EmptyState title={m.noEntries} />
            ) : (
              <ul className="mt-2 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
                {earnings.data.entries.map((entry) => (
                  <li key={entry._id} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
                    <span>
                      <span className="font-medium">{m.entryKinds[entry.kind]}</span>
                      {entry.packageTitle ? (
                        <span className="text-stone-600"> · {entry.packageTitle}</span>
                      ) : null}
                      <span className="block text-sm text-stone-600">{formatDate(entry.createdAt)}</span>
                    </span>
                    <span className={entry.amount < 0 ? 'text-red-700' : 'text-green-800'}>
                      {entry.amount < 0 ? '−' : '+'}
                      {formatKsh(Math.abs(entry.amount))}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </TitledSection>
          <TitledSection id="payouts-title" title={m.historyTitle} titleClassName="text-xl font-semibold">
            {earnings.data.payouts.length === 0 ? (
              <p className="mt-2 text-stone-600">{m.noPayouts}</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {earnings.data.payouts.map((payout) => (
                  <li key={payout._id} className="rounded-xl border border-stone-200 bg-white p-3">
                    {formatKsh(payout.amount)} · {payout.reference} · {formatDate(payout.createdAt)}
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
