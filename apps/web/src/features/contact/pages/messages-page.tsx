import { contactMessages, dashboardMessages } from '@sherehe/shared/messages';
import { CONTACT_LIST_STATES, type ContactListState } from '@sherehe/shared/schemas/contact';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/form-field';
import { ListStates, PagedList } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
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

  const body = (
    <ListStates
      query={messages}
      loading={<Skeleton layout="list" lines={4} label={contactMessages.loading} />}
      loadFailed={contactMessages.loadFailed}
      isEmpty={(data) => data.messages.length === 0}
      empty={
        state ? (
          <EmptyState title={contactMessages.noneMatch} />
        ) : (
          <EmptyState title={contactMessages.noneYet}>{contactMessages.noneYetHint}</EmptyState>
        )
      }
    >
      {(data) => (
        <>
          <p className="mb-4 text-stone-600">
            {contactMessages.count(data.total)}
            {data.messages.some((message) => message.priority)
              ? contactMessages.priorityNote(contactMessages.priority)
              : null}
          </p>
          <PagedList
            items={data.messages}
            stale={messages.isPlaceholderData}
            page={page}
            pages={data.pages}
            hrefFor={(target) => hrefFor(target)}
          >
            {(message) => <ContactMessageCard message={message} />}
          </PagedList>
        </>
      )}
    </ListStates>
  );

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
