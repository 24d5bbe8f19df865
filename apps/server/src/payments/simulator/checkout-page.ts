import { createHash } from 'node:crypto';
import { formatCents } from '@sherehe/shared/money';

/**
 * The simulator's stand-in for Paystack's hosted checkout: a small page that works on a phone and
 * with a screen reader, with no script, and a policy of its own that allows nothing else.
 */
const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f3ee;color:#1f1a17}
  main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
  .card{background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  h1{font-size:1.25rem;margin:0 0 .25rem}
  .amount{font-size:2rem;font-weight:700;margin:.5rem 0 1rem}
  dl{margin:0 0 1.5rem}dt{font-size:.875rem;color:#5c534d}dd{margin:0 0 .5rem;word-break:break-all}
  .note{font-size:.875rem;color:#5c534d;border-left:4px solid #b4531a;padding-left:.75rem;margin:0 0 1.5rem}
  .actions{display:grid;gap:.75rem}
  button,a.button{display:block;width:100%;min-height:3rem;border-radius:.75rem;font:inherit;font-weight:600;
    text-align:center;text-decoration:none;padding:.75rem 1rem;cursor:pointer;border:2px solid #b4531a}
  .pay{background:#b4531a;color:#fff}.decline{background:#fff;color:#8a3b0f}
  button:focus-visible,a.button:focus-visible{outline:3px solid #1f1a17;outline-offset:3px}
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The page's Content-Security-Policy: its one stylesheet, forms posted to itself, and the redirect
 * after posting, which browsers check against form-action too, to the shop's return address.
 */
export function checkoutPolicy(returnOrigin: string | undefined): string {
  const formAction = ["'self'", ...(returnOrigin ? [returnOrigin] : [])].join(' ');
  return `default-src 'none'; style-src ${STYLE_HASH}; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
${content}
</div>
</main>
</body>
</html>
`;
}

/** The checkout for one transaction; `action` is the page's own address, where its form posts. */
export function checkoutPage(
  transaction: { reference: string; amountCents: number; email: string },
  action: string,
): string {
  const amount = formatCents(transaction.amountCents);
  return page(
    `Pay ${amount} — card payment simulator`,
    `<h1>Card payment</h1>
<p class="amount">${escapeHtml(amount)}</p>
<dl>
<dt>Email</dt><dd>${escapeHtml(transaction.email)}</dd>
<dt>Reference</dt><dd>${escapeHtml(transaction.reference)}</dd>
</dl>
<p class="note">This is the payment simulator: no card is charged and no money moves.</p>
<form method="post" action="${escapeHtml(action)}" class="actions">
<button type="submit" name="outcome" value="pay" class="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="outcome" value="decline" class="decline">Decline</button>
</form>`,
  );
}

export function messagePage(title: string, text: string, back?: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${back ? `<p><a class="button decline" href="${escapeHtml(back)}">Back to the shop</a></p>` : ''}`,
  );
}
