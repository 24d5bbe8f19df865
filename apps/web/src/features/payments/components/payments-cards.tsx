import { paymentPagesMessages } from '@sherehe/shared/messages';
import { formatKsh } from '@sherehe/shared/money';
import type { PaymentListItem } from '@sherehe/shared/schemas/payments';
import type { ReactNode } from 'react';
import {
  isPlanPayment,
  LeftToPay,
  PaymentReceipt,
  PaymentWhen,
  packageTitleOf,
  partyName,
  purposeAndMethod,
  ShareOf,
} from './payments-row-parts';
import { PaymentsStatusBadge } from './payments-status-badge';

const m = paymentPagesMessages;

interface PaymentsCardsProps {
  payments: PaymentListItem[];
  showPlanner: boolean;
  actionFor?: (payment: PaymentListItem) => ReactNode;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** The payments as stacked cards, for phones and narrow screens (the page shows a table on wider ones). */
export function PaymentsCards({ payments, showPlanner, actionFor }: PaymentsCardsProps) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {payments.map((payment) => {
        const action = actionFor?.(payment);
        const amount = formatKsh(payment.amount);
        return (
          <li key={payment._id}>
            <article
              aria-label={m.cardLabel(amount, partyName(payment.client))}
              className="h-full rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
            >
              <header className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="text-lg font-bold text-stone-900">{amount}</p>
                  <p className="text-stone-700">{purposeAndMethod(payment)}</p>
                  <LeftToPay payment={payment} className="block text-stone-700" />
                </div>
                <PaymentsStatusBadge status={payment.status} />
              </header>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
                <Field label={m.columns.date}>
                  <PaymentWhen payment={payment} />
                </Field>
                <Field label={m.columns.client}>{partyName(payment.client)}</Field>
                {showPlanner && !isPlanPayment(payment) ? (
                  <Field label={m.columns.planner}>{partyName(payment.planner)}</Field>
                ) : null}
                <Field label={isPlanPayment(payment) ? m.columns.plan : m.columns.package}>
                  {packageTitleOf(payment)}
                </Field>
                <Field label={m.columns.fee}>
                  <ShareOf payment={payment} amount={payment.fee} />
                </Field>
                <Field label={m.columns.net}>
                  <ShareOf payment={payment} amount={payment.net} />
                </Field>
                <Field label={m.columns.receipt}>
                  <PaymentReceipt payment={payment} />
                </Field>
              </dl>
              {action ? <div className="mt-4">{action}</div> : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
