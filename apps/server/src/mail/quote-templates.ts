import type { Messages } from '@sherehe/shared/messages-sw';
import { mailTemplate, type Recipient } from './templates';

/** What every quote mail is about: a package's offer, and the bookings page. */
interface QuoteMailInput extends Recipient {
  title: string;
  price: string;
  url: string;
}

/** A quote mail in the recipient's language: a greeting, its words, and a link to their bookings. */
function quoteMail<Extra extends object = object>(
  words: (
    texts: Messages['quotes'],
    input: QuoteMailInput & Extra,
  ) => { subject: string; paragraphs: readonly string[] },
) {
  return mailTemplate<QuoteMailInput & Extra>(({ quotes: texts, mail }, input) => {
    const { subject, paragraphs } = words(texts, input);
    return {
      subject,
      paragraphs: [mail.greeting(input.name), ...paragraphs],
      action: { label: texts.openBookings, url: input.url },
    };
  });
}

/** To the client: the planner made an offer on their request. */
export const quoteOfferedMail = quoteMail<{
  planner: string;
  deposit: string;
  expires: string;
  message: string;
}>((texts, input) => ({
  subject: texts.offeredSubject(input.title),
  paragraphs: [...texts.offeredText(input), ...(input.message ? [texts.theirMessage(input.message)] : [])],
}));

/** To the planner: the client declined their offer. */
export const quoteDeclinedMail = quoteMail<{ client: string }>((texts, input) => ({
  subject: texts.declinedSubject(input.title),
  paragraphs: texts.declinedText(input),
}));

/** To both parties: an offer lapsed unanswered. */
export const quoteExpiredMail = quoteMail((texts, input) => ({
  subject: texts.expiredSubject(input.title),
  paragraphs: texts.expiredText(input),
}));
