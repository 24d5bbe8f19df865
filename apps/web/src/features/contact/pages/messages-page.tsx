import { contactMessages, dashboardMessages } from '@sherehe/shared/messages';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
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

/** /dashboard/messages (admin, spec §2): contact messages, newest first, a page at a time. */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const messages = useContactMessages({ page, limit: MESSAGES_PAGE_SIZE });

  useJumpToLastPage(page, messages.data && !messages.isPlaceholderData ? messages.data.pages : null, (last) =>
    setParams(last > 1 ? { page: String(last) } : {}, { replace: true }),
  );

  let body: ReactNode;
  if (messages.isPending) {
    body = <Skeleton layout="list" lines={4} label={contactMessages.loading} />;
  } else if (messages.isError) {
    body = <LoadError message={contactMessages.loadFailed} onRetry={() => void messages.refetch()} />;
  } else if (messages.data.messages.length === 0) {
    body = <EmptyState title={contactMessages.noneYet}>{contactMessages.noneYetHint}</EmptyState>;
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
          hrefFor={(target) => paths.dashboard.messages.getHref(target > 1 ? { page: target } : {})}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={dashboardMessages.messages}>{contactMessages.listIntro}</PageHeader>
      <section aria-label={contactMessages.listLabel} aria-busy={messages.isFetching}>
        {body}
      </section>
    </>
  );
}
