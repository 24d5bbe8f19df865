/** Query parameters whose values are secrets (reset links, feeds, providers' signatures). */
const SECRET_PARAMS = /^(token|secret|key|signature|sig|password|code|access_token|reference)(\[.*\])?$/i;

const REDACTED = '[redacted]';

/** A payment's id, the only part of a callback address after its secret that the log keeps. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Percent-escapes decoded one by one (a malformed one stays as written), so no spelling hides a path. */
function decodePath(pathname: string): string {
  return pathname.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * The path as it may be logged: a calendar feed's token and an M-Pesa or SMS callback's secret replaced,
 * however the address spells them (trailing or doubled slashes, percent-escapes, capitals), since
 * the router accepts several spellings of the same address; any other path is kept as written.
 */
function redactPath(pathname: string): string {
  const canonical = decodePath(pathname).replace(/\/{2,}/g, '/');
  const lower = canonical.toLowerCase();
  const feed = '/api/calendar/';
  if (lower.startsWith(feed)) {
    const rest = canonical.slice(feed.length).replace(/\/+$/, '');
    if (rest === '' || rest === 'feed') return pathname;
    return `${feed}${REDACTED}${/\.ics$/i.test(rest) ? '.ics' : ''}`;
  }
  const callback = '/api/payments/mpesa/callback';
  if (lower === callback || lower.startsWith(`${callback}/`)) {
    const segments = canonical.slice(callback.length).split('/').filter(Boolean);
    if (segments.length === 0) return pathname;
    const kept = segments.slice(1).map((segment) => (UUID.test(segment) ? segment : REDACTED));
    return [callback, REDACTED, ...kept].join('/');
  }
  for (const sms of SMS_CALLBACKS)
    if (lower === sms || lower.startsWith(`${sms}/`)) {
      if (canonical.slice(sms.length).replace(/\/+/g, '') === '') return pathname;
      return `${sms}/${REDACTED}`;
    }
  return pathname;
}

/** Africa's Talking's callback addresses: everything after them is AT_CALLBACK_SECRET. */
const SMS_CALLBACKS = ['/api/sms/delivery-reports', '/api/sms/inbound'];

/**
 * An address as it may be written to the log: secret query values and secret path segments
 * replaced, the rest kept for whoever reads the log. Never throws, whatever the address.
 */
export function redactUrl(url: string): string {
  // The router reads the path up to the first ? or #; what follows is the query (or a fragment).
  const match = /[?#]/.exec(url);
  const pathname = match ? url.slice(0, match.index) : url;
  const rest = match ? url.slice(match.index) : '';
  const query = rest.replace(/([?&#;])([^=&#;?]*)=([^&#;]*)/g, (pair, separator: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' ')).trim();
    } catch {}
    return SECRET_PARAMS.test(decoded) ? `${separator}${name}=${REDACTED}` : pair;
  });
  return `${redactPath(pathname)}${query}`;
}
