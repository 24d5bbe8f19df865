import type { BookingStatus } from '@sherehe/shared/booking-status';
import type { Lang } from '@sherehe/shared/i18n';
import { type Messages, messagesIn } from '@sherehe/shared/messages-sw';
import type { RefundRule } from '@sherehe/shared/refunds';
import { escapeHtml } from '../lib/html';
import type { MailMessage } from './mailer';

export interface MailContent {
  to: string;
  /** The recipient's language (their `locale`): the layout's own words are in it too. */
  lang: Lang;
  subject: string;
  /** Paragraphs of plain text (user values included as they are). */
  paragraphs: readonly string[];
  /** Facts shown as a table under the paragraphs (a receipt's lines), label and value. */
  details?: ReadonlyArray<{ label: string; value: string }>;
  action?: { label: string; url: string };
}

/** One small layout for every message: an HTML body (escaped) and the same words as plain text. */
export function render({ to, lang, subject, paragraphs, details, action }: MailContent): MailMessage {
  const texts = messagesIn(lang).mail;
  const htmlParagraphs = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const htmlDetails = details
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">${details
        .map(
          ({ label, value }) =>
            `<tr><td style="padding:4px 12px 4px 0;color:#57534e;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#c2410c;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;color:#57534e;font-size:14px">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${texts.htmlLang}"><body style="margin:0;padding:24px;background:#fafaf9;font-family:system-ui,sans-serif;color:#292524;font-size:16px;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px"><p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#c2410c">${escapeHtml(texts.brand)}</p>${htmlParagraphs}${htmlDetails}${button}<p style="margin:24px 0 0;color:#78716c;font-size:13px">${escapeHtml(texts.footer)}</p></div></body></html>`;
  const text = [
    ...paragraphs,
    ...(details ? [details.map(({ label, value }) => `${label}: ${value}`).join('\n')] : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '',
    texts.signature,
  ].join('\n\n');
  return { to, subject, html, text };
}

/** What a template decides: everything but the address and the language, which come with its input. */
type MailWords = Omit<MailContent, 'to' | 'lang'>;

/** Who a mail goes to: the address, their language and their name. */
export interface Recipient {
  to: string;
  lang: Lang;
  name: string;
}

/**
 * One mail template: its words picked from the recipient's messages, laid out by `render`. Each
 * mail below says only which words go where.
 */
export function mailTemplate<Input extends { to: string; lang: Lang }>(
  words: (messages: Messages, input: Input) => MailWords,
): (input: Input) => MailMessage {
  return (input) => render({ to: input.to, lang: input.lang, ...words(messagesIn(input.lang), input) });
}

export const bookingRequestedMail = mailTemplate<{
  to: string;
  lang: Lang;
  plannerName: string;
  clientName: string;
  packageTitle: string;
  eventDate: string;
  message: string;
  url: string;
}>(({ mail: texts }, input) => ({
  subject: texts.bookingRequestedSubject(input.packageTitle),
  paragraphs: [
    texts.greeting(input.plannerName),
    texts.bookingRequestedText(input.clientName, input.packageTitle, input.eventDate),
    ...(input.message ? [texts.theirMessage(input.message)] : []),
    texts.answerRequest,
  ],
  action: { label: texts.openBookings, url: input.url },
}));

export const bookingStatusMail = mailTemplate<
  Recipient & {
    packageTitle: string;
    eventDate: string;
    status: BookingStatus;
    /** Set when the client made the change (the mail then goes to the planner). */
    byClient?: string | undefined;
    url: string;
  }
>(({ mail: texts }, input) => {
  const { packageTitle: title, eventDate: day, status } = input;
  return {
    subject: input.byClient
      ? texts.bookingStatusByClientSubject(title, status)
      : texts.bookingStatusSubject(title, status),
    paragraphs: [
      texts.greeting(input.name),
      input.byClient
        ? texts.bookingStatusByClientText(input.byClient, title, day, status)
        : texts.bookingStatusText(title, day, status),
    ],
    action: { label: texts.openBookings, url: input.url },
  };
});

export const passwordResetMail = mailTemplate<Recipient & { url: string }>(({ mail: texts }, input) => ({
  subject: texts.resetSubject,
  paragraphs: [texts.greeting(input.name), texts.resetText, texts.resetIgnore],
  action: { label: texts.resetAction, url: input.url },
}));

export const testMail = mailTemplate<{ to: string; lang: Lang }>(({ mail: texts }) => ({
  subject: texts.testSubject,
  paragraphs: [texts.testText],
}));

/** A succeeded payment's receipt to its payer: the same lines as the printable page, and a link to it. */
export const paymentReceiptMail = mailTemplate<
  Recipient & {
    amount: string;
    /** What was paid for: the package's title. */
    title: string;
    lines: Array<{ label: string; value: string }>;
    url: string;
  }
>(({ receipts: texts }, input) => ({
  subject: texts.mailSubject(input.title),
  paragraphs: [texts.mailGreeting(input.name), texts.mailIntro(input.amount, input.title)],
  details: input.lines,
  action: { label: texts.mailAction, url: input.url },
}));

/** Three days before a paid plan's period ends (docs/product-rules.md#changing-plan). */
export const planReminderMail = mailTemplate<Recipient & { plan: string; endsOn: string; url: string }>(
  ({ planPayments: texts }, input) => ({
    subject: texts.reminderSubject(input.plan),
    paragraphs: [texts.reminderGreeting(input.name), texts.reminderBody(input.plan, input.endsOn)],
    action: { label: texts.reminderAction, url: input.url },
  }),
);

/** A succeeded refund, to the client it went back to: how much, and by which rule. */
export const refundMail = mailTemplate<
  Recipient & { title: string; amount: string; rule: RefundRule; url: string }
>(({ refunds: texts }, input) => ({
  subject: texts.mailSubject(input.title),
  paragraphs: [texts.mailGreeting(input.name), texts.mailIntro(input.amount, input.title)],
  details: [
    { label: texts.mailAmount, value: input.amount },
    { label: texts.mailRule, value: texts.rules[input.rule] },
  ],
  action: { label: texts.mailAction, url: input.url },
}));

/**
 * A success that arrived after its payment had expired, when nothing was owed any more: the payer and
 * (for a booking) the planner are told it is being refunded in full. `payer` names the client for
 * the planner.
 */
export const lateRefundMail = mailTemplate<
  Recipient & { title: string; amount: string; payer?: string; url: string; plan: boolean }
>(({ payments: texts, refunds: mail }, input) => ({
  subject: texts.lateRefundSubject(input.title),
  paragraphs: [
    mail.mailGreeting(input.name),
    input.payer === undefined
      ? texts.lateRefundIntroPayer(input.amount, input.title)
      : texts.lateRefundIntroPlanner(input.amount, input.title, input.payer),
  ],
  details: [{ label: texts.lateRefundAmount, value: input.amount }],
  action: { label: input.plan ? texts.lateRefundPlanAction : texts.lateRefundAction, url: input.url },
}));

/** An admin's answer to a contact message, in the sender's language (English without an account). */
export const contactAnswerMail = mailTemplate<Recipient & { answer: string; message: string }>(
  ({ mail: texts }, input) => ({
    subject: texts.contactAnswerSubject,
    paragraphs: [
      texts.greeting(input.name),
      texts.contactAnswerIntro,
      input.answer,
      texts.yourMessage(input.message),
    ],
  }),
);

/** To the client, the morning after their booking was completed, while they have not reviewed it. */
export const reviewAskMail = mailTemplate<Recipient & { title: string; day: string; url: string }>(
  ({ mail, reviews: texts }, input) => ({
    subject: texts.askMailSubject(input.title),
    paragraphs: [mail.greeting(input.name), texts.askMailText(input.title, input.day)],
    action: { label: texts.askAction, url: input.url },
  }),
);
