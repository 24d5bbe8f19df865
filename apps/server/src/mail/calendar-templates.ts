import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import type { MailMessage } from './mailer';
import { render } from './templates';

/** The calendar texts in the recipient's language. */
const textsIn = (lang: Lang) => messagesIn(lang).calendar;

/** To the client of a pending request declined because its day filled up. */
export function dayFullDeclinedMail(input: {
  to: string;
  lang: Lang;
  name: string;
  title: string;
  day: string;
  url: string;
}): MailMessage {
  const texts = textsIn(input.lang);
  return render({
    to: input.to,
    lang: input.lang,
    subject: texts.dayFullSubject(input.title),
    paragraphs: texts.dayFullText(input),
    action: { label: texts.openBookings, url: input.url },
  });
}

/** To either party, some days before an accepted event. */
export function eventReminderMail(input: {
  to: string;
  lang: Lang;
  name: string;
  title: string;
  day: string;
  otherParty: string;
  daysAhead: number;
  url: string;
}): MailMessage {
  const texts = textsIn(input.lang);
  return render({
    to: input.to,
    lang: input.lang,
    subject: texts.reminderEventSubject(input.title, input.daysAhead),
    paragraphs: texts.reminderEventText(input),
    action: { label: texts.openBookings, url: input.url },
  });
}

/** To the planner of a request still waiting for an answer. */
export function requestReminderMail(input: {
  to: string;
  lang: Lang;
  name: string;
  title: string;
  day: string;
  client: string;
  url: string;
}): MailMessage {
  const texts = textsIn(input.lang);
  return render({
    to: input.to,
    lang: input.lang,
    subject: texts.reminderRequestSubject(input.title),
    paragraphs: texts.reminderRequestText(input),
    action: { label: texts.openBookings, url: input.url },
  });
}

/** To the client of an accepted booking whose deposit is still unpaid. */
export function depositReminderMail(input: {
  to: string;
  lang: Lang;
  name: string;
  title: string;
  day: string;
  amount: string;
  url: string;
}): MailMessage {
  const texts = textsIn(input.lang);
  return render({
    to: input.to,
    lang: input.lang,
    subject: texts.reminderDepositSubject(input.title),
    paragraphs: texts.reminderDepositText(input),
    action: { label: texts.openBookings, url: input.url },
  });
}

/** To the client of an accepted booking whose balance falls due soon. */
export function balanceReminderMail(input: {
  to: string;
  lang: Lang;
  name: string;
  title: string;
  day: string;
  amount: string;
  dueOn: string;
  url: string;
}): MailMessage {
  const texts = textsIn(input.lang);
  return render({
    to: input.to,
    lang: input.lang,
    subject: texts.reminderBalanceSubject(input.title),
    paragraphs: texts.reminderBalanceText(input),
    action: { label: texts.openBookings, url: input.url },
  });
}
