import { contactMessages } from '@sherehe/shared/messages';
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
    body = <Skeleton layout="list" lines={4} label="Loading messages…" />;
  } else if (messages.isError) {
    body = <LoadError message={contactMessages.loadFailed} onRetry={() => void messages.refetch()} />;
  } else if (messages.data.messages.length === 0) {
    body = (
      <EmptyState title={contactMessages.noneYet}>
        Messages that clients and planners send from the contact page show up here.
      </EmptyState>
    );
  } else {
    const { data } = messages;
    body = (
      <>
        <p className="mb-4 text-stone-600">
          {data.total} message{data.total === 1 ? '' : 's'}, newest first.
          {data.messages.some((message) => message.priority)
            ? ` Messages marked ${contactMessages.priority} come from users whose plan includes priority support.`
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
      <PageHeader title="Messages">Messages sent through the contact form.</PageHeader>
      <section aria-label="Contact messages" aria-busy={messages.isFetching}>
        {body}
      </section>
    </>
  );
}
