import { paymentPagesMessages } from '@sherehe/shared/messages';
import { dayRangeError } from '@sherehe/shared/schemas/calendar';
import type { PaymentListItem } from '@sherehe/shared/schemas/payments';
import { type ReactNode, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListRegion } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/class-names';
import { useSession } from '@/lib/session';
import { useJumpToLastPage } from '@/lib/use-jump-to-last-page';
import { usePaymentsList } from '../api/list-payments';
import { CheckPaymentButton } from '../components/check-payment-button';
import { PaymentsCards } from '../components/payments-cards';
import { PaymentsFilters } from '../components/payments-filters';
import { PaymentsSummary } from '../components/payments-summary';
import { PaymentsTable } from '../components/payments-table';
import {
  hasPaymentFilters,
  NO_PAYMENT_FILTERS,
  toPaymentsQuery,
  usePaymentsListParams,
} from '../hooks/use-payments-list-params';

const m = paymentPagesMessages;

/**
 * /dashboard/payments (planners and admins, docs/money.md#payments): a planner's takings on their bookings
 * (received, the platform's fees, net) and each payment; an admin sees every payment, filters them
 * (kept in the URL) and can ask the provider about one still waiting.
 */
export default function PaymentsPage() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const { state, update, hrefForPage } = usePaymentsListParams();
  // The server's own rule, asked first: days that are no range are said under "To", never sent.
  const rangeError = isAdmin ? dayRangeError(state.from, state.to) : null;
  // What is asked depends on the role: nothing is asked before the session says it.
  const payments = usePaymentsList(toPaymentsQuery(state, isAdmin), {
    enabled: Boolean(user) && !rangeError,
  });
  const filtered = isAdmin && hasPaymentFilters(state);
  const listRef = useRef<HTMLElement>(null);

  useJumpToLastPage(
    state.page,
    payments.data && !payments.isPlaceholderData ? payments.data.pages : null,
    (last) => update({ page: last }, { replace: true }),
  );

  // A checked payment that settled loses its button: keep the keyboard in the list, where it was.
  const focusList = () => listRef.current?.focus({ preventScroll: true });
  const actionFor = isAdmin
    ? (payment: PaymentListItem) =>
        payment.status === 'pending' ? <CheckPaymentButton payment={payment} onSettled={focusList} /> : null
    : undefined;

  let summary: ReactNode;
  let body: ReactNode;
  if (rangeError) {
    summary = null;
    body = null;
  } else if (payments.isPending) {
    summary = <Skeleton layout="table" lines={1} label={m.loading} className="mb-6" />;
    body = <Skeleton layout="table" lines={5} />;
  } else if (payments.isError) {
    summary = null;
    body = <LoadError message={m.loadFailed} onRetry={() => void payments.refetch()} />;
  } else {
    const { data } = payments;
    summary = (
      <PaymentsSummary
        summary={data.summary}
        filtered={filtered}
        marketplace={isAdmin}
        stale={payments.isPlaceholderData}
      />
    );
    if (data.payments.length === 0) {
      body = filtered ? (
        <EmptyState
          title={m.noneMatch}
          action={
            <Button variant="secondary" onClick={() => update(NO_PAYMENT_FILTERS)}>
              {m.clearFilters}
            </Button>
          }
        >
          {m.noneMatchHint}
        </EmptyState>
      ) : (
        <EmptyState title={isAdmin ? m.noneAtAll : m.noneYet}>{isAdmin ? null : m.noneYetHint}</EmptyState>
      );
    } else {
      body = (
        <>
          <div className={cx('transition-opacity', payments.isPlaceholderData && 'opacity-60')}>
            {/* One of the two is shown: a table where it fits, cards on phones and narrow screens. */}
            <div className="hidden xl:block">
              <PaymentsTable payments={data.payments} showPlanner={isAdmin} actionFor={actionFor} />
            </div>
            <div className="xl:hidden">
              <PaymentsCards payments={data.payments} showPlanner={isAdmin} actionFor={actionFor} />
            </div>
          </div>
          <Pagination
            className="mt-6"
            page={Math.min(state.page, data.pages)}
            pages={data.pages}
            hrefFor={hrefForPage}
          />
        </>
      );
    }
  }

  return (
    <>
      <PageHeader title={m.title}>{isAdmin ? m.introAdmin : m.introPlanner}</PageHeader>
      {isAdmin ? <PaymentsFilters state={state} rangeError={rangeError} onChange={update} /> : null}
      {summary}
      <p aria-live="polite" className="mb-3 min-h-6 text-stone-600">
        {payments.data && payments.data.total > 0 && !rangeError ? m.count(payments.data.total) : ''}
      </p>
      <ListRegion ref={listRef} label={m.listLabel} busy={payments.isFetching}>
        {body}
      </ListRegion>
    </>
  );
}
