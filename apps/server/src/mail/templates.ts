import { MESSAGES } from '@sherehe/shared/messages';
import type { MailMessage } from './mailer';

/** Every user-supplied value goes through this before it is put in HTML. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface MailContent {
  to: string;
  subject: string;
  /** Paragraphs of plain text (user values included as they are). */
  paragraphs: readonly string[];
  action?: { label: string; url: string };
}

/** One small layout for every message: an HTML body (escaped) and the same words as plain text. */
export function render({ to, subject, paragraphs, action }: MailContent): MailMessage {
  const htmlParagraphs = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#c2410c;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;color:#57534e;font-size:14px">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#fafaf9;font-family:system-ui,sans-serif;color:#292524;font-size:16px;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px"><p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#c2410c">Sherehe</p>${htmlParagraphs}${button}<p style="margin:24px 0 0;color:#78716c;font-size:13px">Sherehe: event planning in Kenya.</p></div></body></html>`;
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '— Sherehe'].join(
    '\n\n',
  );
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

export function paymentReceiptMail(input: {
  to: string;
  name: string;
  packageTitle: string;
  amount: string;
  receipt: string;
  url: string;
}): MailMessage {
  return render({
    to: input.to,
    subject: MESSAGES.payments.receiptSubject(input.packageTitle),
    paragraphs: [
      MESSAGES.payments.receiptText({
        name: input.name,
        amount: input.amount,
        title: input.packageTitle,
        receipt: input.receipt,
      }),
    ],
    action: { label: 'Open your bookings', url: input.url },
  });
}
