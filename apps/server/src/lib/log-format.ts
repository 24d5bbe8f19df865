/**
 * How log lines look. A log collector (a supervisor, CI, the tests) reads pino's JSON, one object a
 * line; a person running the server in a terminal reads one short line per event instead: time,
 * level, message and the few fields that matter. The pretty lines are made here, from pino's own
 * JSON, with no worker thread and no dependency.
 */

export type LogFormat = 'auto' | 'pretty' | 'json';

/** Pretty when asked for; with `auto`, when a person is watching: a terminal, outside production. */
export function usePrettyLogs(
  format: LogFormat,
  { isProduction, isTerminal }: { isProduction: boolean; isTerminal: boolean },
): boolean {
  if (format !== 'auto') return format === 'pretty';
  return isTerminal && !isProduction;
}

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '\x1b[90m' },
  20: { name: 'DEBUG', color: '\x1b[36m' },
  30: { name: 'INFO', color: '\x1b[32m' },
  40: { name: 'WARN', color: '\x1b[33m' },
  50: { name: 'ERROR', color: '\x1b[31m' },
  60: { name: 'FATAL', color: '\x1b[35m' },
};
const RESET = '\x1b[0m';
const DIM = '\x1b[2m';

/** pino's own fields, shown in their own places or not at all. */
const SHOWN_APART = new Set([
  'level',
  'time',
  'msg',
  'pid',
  'hostname',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * One JSON log line as a person reads it:
 * `14:03:07.123 INFO  request completed  GET /api/health 200 3.2 ms  reqId=…`, and an error's
 * stack on the lines below. A line that is not JSON is kept as it is.
 */
export function formatLogLine(line: string, { color = false }: { color?: boolean } = {}): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return line.endsWith('\n') ? line : `${line}\n`;
    entry = parsed as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = LEVELS[entry.level as number] ?? {
    name: String(entry.level ?? '?').toUpperCase(),
    color: '',
  };
  const paint = (text: string, code: string) => (color && code ? `${code}${text}${RESET}` : text);

  const parts = [paint(clock(entry.time), DIM), paint(level.name.padEnd(5), level.color)];
  if (typeof entry.msg === 'string' && entry.msg) parts.push(entry.msg);

  const facts: string[] = [];
  const req = entry.req as { method?: unknown; url?: unknown } | undefined;
  if (req && typeof req === 'object')
    facts.push(`${String(req.method ?? '')} ${String(req.url ?? '')}`.trim());
  const res = entry.res as { statusCode?: unknown } | undefined;
  if (res && typeof res === 'object' && res.statusCode !== undefined) facts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') facts.push(`${entry.responseTime.toFixed(1)} ms`);
  const err = entry.err as { message?: unknown; stack?: unknown } | undefined;
  if (err && typeof err === 'object' && typeof err.message === 'string') facts.push(`error: ${err.message}`);
  else if (err !== undefined) facts.push(`err=${valueText(err)}`);
  for (const [key, value] of Object.entries(entry)) {
    if (!SHOWN_APART.has(key) && value !== undefined) facts.push(`${key}=${valueText(value)}`);
  }
  if (typeof entry.reqId === 'string') facts.push(paint(`reqId=${entry.reqId}`, DIM));
  if (facts.length > 0) parts.push(` ${facts.join(' ')}`);

  let text = parts.join(' ');
  if (err && typeof err === 'object' && typeof err.stack === 'string') {
    text += `\n${err.stack
      .split('\n')
      .map((stackLine) => `    ${stackLine.trim()}`)
      .join('\n')}`;
  }
  return `${text}\n`;
}

/** A destination for pino that writes each line formatted for a person to `out`. */
export function prettyLogStream(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout) {
  const color = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return {
    write(chunk: string) {
      // pino writes one line per call, ending in a newline.
      for (const line of chunk.split('\n')) if (line) out.write(formatLogLine(line, { color }));
    },
  };
}
