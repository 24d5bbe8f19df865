import { formatDate, formatTime } from '@sherehe/shared/dates';
import { contactMessages } from '@sherehe/shared/messages';
import type { ContactMessage } from '@sherehe/shared/schemas/contact';
import { Badge } from '@/components/ui/badge';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { ContactMessageHandling } from './contact-message-handling';

/**
 * One contact message as the admin reads it: who, when, what, a marker for priority support, whether
 * it is handled, and what the admin can do with it.
 */
export function ContactMessageCard({ message }: { message: ContactMessage }) {
  return (
    <article
      className={cx(
        'rounded-2xl border bg-white p-5 shadow-sm',
        message.priority ? 'border-stone-200 border-l-4 border-l-amber-500' : 'border-stone-200',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-bold break-words text-stone-900">{message.name}</h2>
            {message.priority ? (
              <Badge tone="brand" className="uppercase">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="mr-1 size-3.5" fill="currentColor">
                  <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
                </svg>
                {contactMessages.priority}
              </Badge>
            ) : null}
            <Badge tone={message.handledAt ? 'green' : 'neutral'}>
              {message.handledAt ? contactMessages.handled : contactMessages.unhandled}
            </Badge>
          </div>
          <a
            href={`mailto:${message.email}`}
            className="inline-flex min-h-11 items-center font-medium break-all text-brand-700 underline"
          >
            {message.email}
          </a>
        </div>
        <p className="text-sm text-stone-600">
          <time dateTime={message.createdAt}>
            {formatDate(message.createdAt)}, {formatTime(message.createdAt)}
          </time>
        </p>
      </header>
      <p className="mt-3 whitespace-pre-line break-words text-stone-800">{message.message}</p>
      {message.user ? (
        <p className="mt-3">
          <TextLink to={paths.userProfile.getHref(message.user._id)}>
            {contactMessages.viewProfile(message.user.username)}
          </TextLink>
        </p>
      ) : null}
      <ContactMessageHandling message={message} />
    </article>
  );
}
