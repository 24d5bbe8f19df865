import { contactMessages, dashboardMessages } from '@sherehe/shared/messages';
import { CONTACT_LIST_STATES, type ContactListState } from '@sherehe/shared/schemas/contact';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { useJumpToLastPage } from '@/lib/use-jump-to-last-page';
import { useContactMessages } from '../api/get-contact-messages';
import { ContactMessageCard } from '../components/contact-message-card';

export const MESSAGES_PAGE_SIZE = 10;

const STATE_OPTIONS = [
  { value: '', label: contactMessages.filterAll },
  { value: 'unhandled', label: contactMessages.filterUnhandled },
  { value: 'handled', label: contactMessages.filterHandled },
];

/**
 * /dashboard/messages (admins only): contact messages, the unhandled first and newest first, a
 * page at a time; the filter (all, not handled, handled) is kept in the address.
 */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const state = CONTACT_LIST_STATES.find((value) => value === params.get('state'));
  const messages = useContactMessages({ page, limit: MESSAGES_PAGE_SIZE, ...(state ? { state } : {}) });
  const hrefFor = (target: number, to: ContactListState | undefined = state) =>
    paths.dashboard.messages.getHref({
      ...(target > 1 ? { page: target } : {}),
      ...(to ? { state: to } : {}),
    });
  const queryOf = (target: number, to: ContactListState | undefined): Record<string, string> => ({
    ...(target > 1 ? { page: String(target) } : {}),
    ...(to ? { state: to } : {}),
  });

  useJumpToLastPage(page, messages.data && !messages.isPlaceholderData ? messages.data.pages : null, (last) =>
    setParams(queryOf(last, state), { replace: true }),
  );

  let body: ReactNode;
  if (messages.isPending) {
    body = <Skeleton layout="list" lines={4} label={contactMessages.loading} />;
  } else if (messages.isError) {
    body = <LoadError message={contactMessages.loadFailed} onRetry={() => void messages.refetch()} />;
  } else if (messages.data.messages.length === 0) {
    body = state ? (
      <EmptyState title={contactMessages.noneMatch} />
    ) : (
      <EmptyState title={contactMessages.noneYet}>{contactMessages.noneYetHint}</EmptyState>
    );
  } else {
    const { data } = messages;
    body = (
      <>
        <p className="mb-4 text-stone-600">
          {contactMessages.count(data.total)}
          {data.messages.some((message) => message.priority)
            ? contactMessages.priorityNote(contactMessages.priority)
            : null}
        </p>
        <ul className={cx('space-y-4 transition-opacity', messages.isPlaceholderData && 'opacity-60')}>
          {data.messages.map((message) => (
            <li key={message._id}>
              <ContactMessageCard message={message} />
            </li>
          ))}
        </ul>
        <Pagination
          className="mt-6"
          page={Math.min(page, data.pages)}
          pages={data.pages}
          hrefFor={(target) => hrefFor(target)}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={dashboardMessages.messages}>{contactMessages.listIntro}</PageHeader>
      <div className="mb-6 max-w-xs">
        <SelectField
          label={contactMessages.filterLabel}
          name="state"
          options={STATE_OPTIONS}
          value={state ?? ''}
          onChange={(event) =>
            setParams(
              queryOf(
                1,
                CONTACT_LIST_STATES.find((value) => value === event.target.value),
              ),
            )
          }
        />
      </div>
      <section aria-label={contactMessages.listLabel} aria-busy={messages.isFetching}>
        {body}
      </section>
    </>
  );
}
