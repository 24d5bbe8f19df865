/** Query parameters whose values are secrets (reset links, feeds, providers' signatures). */
const SECRET_PARAMS = /^(token|secret|key|signature|sig|password|code|access_token|reference)$/i;

/** Paths with a secret segment: calendar feeds, payment callbacks (a payment's id may follow the secret). */
const SECRET_PATHS: RegExp[] = [
  /^(\/api\/calendar\/)[^/?]+(\.ics)$/,
  /^(\/api\/payments\/mpesa\/callback\/)[^/?]+(\/[^/?]*)?$/,
];

const REDACTED = '[redacted]';

/**
 * An address as it may be written to the log: secret query values and secret path segments
 * replaced, the rest kept for whoever reads the log. Never throws, whatever the address.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_PATHS) pathname = pathname.replace(pattern, `$1${REDACTED}$2`);
  if (queryAt === -1) return pathname;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return SECRET_PARAMS.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
}
