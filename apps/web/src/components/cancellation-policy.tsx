import type { CancellationPolicy } from '@sherehe/shared/cancellation-policies';
import { formatDay, todayInNairobi } from '@sherehe/shared/dates';
import { cancellationPoliciesMessages as messages } from '@sherehe/shared/messages/cancellation-policies';
import { cancellationDeadlines } from '@sherehe/shared/refunds';

/**
 * A cancellation policy in words, for a client: with the event's day, the actual last days
 * ("Cancel by Sat, 14 Feb 2032 for everything back."); without one, the days before the event.
 */
export function cancellationPolicyLines(
  policy: CancellationPolicy,
  eventDate?: string,
  today = todayInNairobi(),
): string[] {
  if (!eventDate) return [messages.forClients[policy]];
  const { fullRefundUntil, depositKeptUntil } = cancellationDeadlines(policy, eventDate);
  const first =
    fullRefundUntil >= today
      ? messages.fullRefundBy(formatDay(fullRefundUntil))
      : messages.fullRefundPassed(formatDay(fullRefundUntil));
  const then = depositKeptUntil
    ? messages.depositKeptUntil(formatDay(depositKeptUntil))
    : messages.depositKeptAfterwards;
  return [`${messages.names[policy]}: ${first}`, then];
}

/** The policy under its title, as the package page, the booking form and the booking show it. */
export function CancellationPolicyNote({
  policy,
  eventDate,
  className,
}: {
  policy: CancellationPolicy;
  eventDate?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <p className="font-medium text-stone-900">{messages.title}</p>
      {cancellationPolicyLines(policy, eventDate).map((line) => (
        <p key={line} className="text-sm text-stone-700">
          {line}
        </p>
      ))}
    </div>
  );
}
