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

interface PaymentsTableProps {
  payments: PaymentListItem[];
  /** Admins see whom each payment went to. */
  showPlanner: boolean;
  /** What a row offers under its status (an admin's Check status on a pending payment). */
  actionFor?: (payment: PaymentListItem) => ReactNode;
}

const th = 'px-2 py-3 font-semibold text-stone-700 first:pl-4 last:pr-4';
const td = 'px-2 py-3 align-top first:pl-4 last:pr-4';
const amount = `${td} text-right whitespace-nowrap`;

/**
 * The payments as a table, for screens wide enough to read one (the page shows cards on smaller
 * ones). Seven columns fit beside the dashboard's menu on a laptop: the planner goes under the
 * client, what the payment was for under the package and the receipt under the status.
 */
export function PaymentsTable({ payments, showPlanner, actionFor }: PaymentsTableProps) {
  return (
    // `relative`: the screen-reader-only texts inside are placed within the scroller, not past the page's edge.
    <div className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{m.listLabel}</caption>
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            <th scope="col" className={th}>
              {m.columns.date}
            </th>
            <th scope="col" className={th}>
              {showPlanner ? m.columns.clientAndPlanner : m.columns.client}
            </th>
            <th scope="col" className={th}>
              {m.columns.packageAndPurpose}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {m.columns.amount}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {m.columns.fee}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {m.columns.net}
            </th>
            <th scope="col" className={th}>
              {m.columns.statusAndReceipt}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {payments.map((payment) => {
            const action = actionFor?.(payment);
            return (
              <tr key={payment._id}>
                <td className={td}>
                  <PaymentWhen payment={payment} />
                </td>
                <td className={`${td} min-w-28 break-words`}>
                  <span className="block">{partyName(payment.client)}</span>
                  {showPlanner && !isPlanPayment(payment) ? (
                    <span className="block text-stone-600">{m.toPlanner(partyName(payment.planner))}</span>
                  ) : null}
                </td>
                <td className={`${td} min-w-36 break-words`}>
                  <span className="block">{packageTitleOf(payment)}</span>
                  <span className="block text-stone-600">{purposeAndMethod(payment)}</span>
                  <LeftToPay payment={payment} className="block text-stone-600" />
                </td>
                <td className={`${amount} font-semibold`}>{formatKsh(payment.amount)}</td>
                <td className={amount}>
                  <ShareOf payment={payment} amount={payment.fee} />
                </td>
                <td className={amount}>
                  <ShareOf payment={payment} amount={payment.net} />
                </td>
                <td className={`${td} min-w-28`}>
                  <PaymentsStatusBadge status={payment.status} />
                  {payment.status === 'succeeded' ? (
                    <div className="mt-1">
                      <PaymentReceipt payment={payment} />
                    </div>
                  ) : null}
                  {action ? <div className="mt-2">{action}</div> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
