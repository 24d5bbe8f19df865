import { MESSAGES } from '@sherehe/shared/messages';
import { escapeHtml } from '../lib/html';
import type { MailMessage } from './mailer';

export interface MailContent {
  to: string;
  subject: string;
  /** Paragraphs of plain text (user values included as they are). */
  paragraphs: readonly string[];
  /** Facts shown as a table under the paragraphs (a receipt's lines), label and value. */
  details?: ReadonlyArray<{ label: string; value: string }>;
  action?: { label: string; url: string };
}

/** One small layout for every message: an HTML body (escaped) and the same words as plain text. */
export function render({ to, subject, paragraphs, details, action }: MailContent): MailMessage {
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
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#fafaf9;font-family:system-ui,sans-serif;color:#292524;font-size:16px;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px"><p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#c2410c">Sherehe</p>${htmlParagraphs}${htmlDetails}${button}<p style="margin:24px 0 0;color:#78716c;font-size:13px">Sherehe: event planning in Kenya.</p></div></body></html>`;
  const text = [
    ...paragraphs,
    ...(details ? [details.map(({ label, value }) => `${label}: ${value}`).join('\n')] : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '',
    '— Sherehe',
  ].join('\n\n');
  return { to, subject, html, text };
}

export function bookingRequestedMail(input: {
  to: string;
  plannerName: string;
  clientName: string;
  packageTitle: string;
  eventDate: string;
  message: string;
  url: string;
}): MailMessage {
  return render({
    to: input.to,
    subject: `New booking request: ${input.packageTitle}`,
    paragraphs: [
      `Hello ${input.plannerName},`,
      `${input.clientName} would like to book "${input.packageTitle}" for ${input.eventDate}.`,
      ...(input.message ? [`Their message: ${input.message}`] : []),
      'Accept or decline the request from your dashboard.',
    ],
    action: { label: 'Open your bookings', url: input.url },
  });
}

export function bookingStatusMail(input: {
  to: string;
  name: string;
  packageTitle: string;
  eventDate: string;
  status: string;
  /** Set when the client made the change (the mail then goes to the planner). */
  byClient?: string | undefined;
  url: string;
}): MailMessage {
  const sentence = input.byClient
    ? `${input.byClient} ${input.status} their booking of "${input.packageTitle}" for ${input.eventDate}.`
    : `Your booking of "${input.packageTitle}" for ${input.eventDate} is now ${input.status}.`;
  return render({
    to: input.to,
    subject: input.byClient
      ? `Booking ${input.status}: ${input.packageTitle}`
      : `Your booking of ${input.packageTitle} is ${input.status}`,
    paragraphs: [`Hello ${input.name},`, sentence],
    action: { label: 'Open your bookings', url: input.url },
  });
}

export function passwordResetMail(input: { to: string; name: string; url: string }): MailMessage {
  return render({
    to: input.to,
    subject: 'Reset your Sherehe password',
    paragraphs: [
      `Hello ${input.name},`,
      'Someone (we hope you) asked to reset the password of your Sherehe account. The link works once, for one hour.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: input.url },
  });
}

export function testMail(input: { to: string }): MailMessage {
  return render({
    to: input.to,
    subject: 'Sherehe test email',
    paragraphs: ['This is a test email from Sherehe. If you can read it, email delivery works.'],
  });
}

/** A succeeded payment's receipt to its payer: the same lines as the printable page, and a link to it. */
export function paymentReceiptMail(input: {
  to: string;
  name: string;
  amount: string;
  /** What was paid for: the package's title. */
  title: string;
  lines: Array<{ label: string; value: string }>;
  url: string;
}): MailMessage {
  const texts = MESSAGES.receipts;
  return render({
    to: input.to,
    subject: texts.mailSubject(input.title),
    paragraphs: [texts.mailGreeting(input.name), texts.mailIntro(input.amount, input.title)],
    details: input.lines,
    action: { label: texts.mailAction, url: input.url },
  });
}

/** Three days before a paid plan's period ends (DESIGN §7, "Paid plans"). */
export function planReminderMail(input: {
  to: string;
  name: string;
  plan: string;
  endsOn: string;
  url: string;
}): MailMessage {
  const texts = MESSAGES.planPayments;
  return render({
    to: input.to,
    subject: texts.reminderSubject(input.plan),
    paragraphs: [texts.reminderGreeting(input.name), texts.reminderBody(input.plan, input.endsOn)],
    action: { label: texts.reminderAction, url: input.url },
  });
}
