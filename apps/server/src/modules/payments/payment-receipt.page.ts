import { createHash } from 'node:crypto';
import type { Lang } from '@sherehe/shared/i18n';
import { messagesIn } from '@sherehe/shared/messages-sw';
import { escapeHtml } from '../../lib/html';
import { type ReceiptFacts, receiptLines } from './payment-receipt';

/**
 * The receipt page's one stylesheet: readable on a phone, and on paper black on white with nothing
 * but the receipt (no link back, no shadows, no background).
 */
const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fafaf9;color:#292524}
  main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem}
  .receipt{background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  .brand{margin:0;font-size:1.25rem;font-weight:700;color:#c2410c}
  h1{margin:.25rem 0 1rem;font-size:1.5rem}
  .amount{margin:0;font-size:2rem;font-weight:700}
  .for{margin:0 0 1.5rem;color:#57534e}
  dl{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
  dt{color:#57534e}dd{margin:0;font-weight:600;word-break:break-word}
  .hint{font-size:.875rem;color:#57534e;margin:0 0 1rem}
  a{color:#9a3412}a:focus-visible{outline:3px solid #292524;outline-offset:2px}
  footer{margin-top:1.5rem;font-size:.8125rem;color:#78716c}
  @media print{
    @page{margin:15mm}
    body{background:#fff;color:#000;font-size:12pt}
    main{max-width:none;padding:0}
    .receipt{box-shadow:none;border-radius:0;padding:0}
    .brand{color:#000}
    dt,.for,footer{color:#000}
    .no-print{display:none}
  }
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The page's own Content-Security-Policy, stricter than the app's: its one inline stylesheet (by its
 * hash), no script, no image, no form, never in a frame.
 */
export const RECEIPT_PAGE_POLICY = `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** The printable receipt of a succeeded payment, in the reader's language; every value is escaped. */
export function receiptPage(facts: ReceiptFacts, bookingsUrl: string, lang: Lang): string {
  const texts = messagesIn(lang).receipts;
  const lines = receiptLines(facts, lang)
    .map(({ label, value }) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('\n');
  const title = facts.packageTitle ?? facts.plan;
  const paidFor = title ? texts.paidFor(facts.purpose, title) : facts.purpose;
  return `<!doctype html>
<html lang="${messagesIn(lang).mail.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.pageTitle(facts.number ?? facts.paymentId))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<article class="receipt">
<p class="brand">${escapeHtml(texts.brand)}</p>
<h1>${escapeHtml(texts.title)}</h1>
<p class="amount">${escapeHtml(facts.amount)}</p>
<p class="for">${escapeHtml(paidFor)}</p>
<dl>
${lines}
</dl>
<p class="hint no-print">${escapeHtml(texts.printHint)}</p>
<p class="no-print"><a href="${escapeHtml(bookingsUrl)}">${escapeHtml(texts.backToBookings)}</a></p>
<footer>${escapeHtml(texts.footer)}</footer>
</article>
</main>
</body>
</html>
`;
}
