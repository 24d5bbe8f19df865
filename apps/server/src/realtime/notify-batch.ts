import type pg from 'pg';

/** How @socket.io/postgres-adapter (0.5) publishes each broadcast: a round trip each. */
const NOTIFY = 'SELECT pg_notify($1, $2)';

interface PendingNotify {
  channel: string;
  payload: string;
  resolve: (result: pg.QueryResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The pool the socket.io PostgreSQL adapter publishes through, with the notifications of one turn
 * of the event loop sent in one statement. The adapter delivers a broadcast to this process's
 * sockets only once its notification is sent; one round trip per broadcast through its small pool
 * (a chat message is two broadcasts) held every message back at 1,000 messages a second: deliveries
 * fell tens of seconds behind. In one statement the notifications keep their order; PostgreSQL
 * folds identical ones sent in one transaction into one, so a payload already in the batch starts
 * the next, sent once the one before it has been. Any other query goes to the pool as it is.
 */
export function batchNotifications(pool: pg.Pool): pg.Pool {
  let pending: PendingNotify[] = [];
  let payloads = new Set<string>();
  // Each batch waits for the one before it: on two connections of the pool, two statements would
  // commit in either order, and the notifications (chat messages among them) with them.
  let previous: Promise<unknown> = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    payloads = new Set();
    if (batch.length === 0) return;
    const sent = previous.then(() =>
      pool.query(
        'SELECT pg_notify(t.channel, t.payload) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(channel, payload, n) ORDER BY t.n',
        [batch.map((notify) => notify.channel), batch.map((notify) => notify.payload)],
      ),
    );
    previous = sent.catch(() => undefined);
    sent.then(
      (result) => {
        for (const notify of batch) notify.resolve(result);
      },
      (error: unknown) => {
        for (const notify of batch) notify.reject(error);
      },
    );
  };
  const query = (text: unknown, values?: unknown) => {
    if (
      text !== NOTIFY ||
      !Array.isArray(values) ||
      typeof values[0] !== 'string' ||
      typeof values[1] !== 'string'
    )
      return pool.query(text as string, values as unknown[]);
    const [channel, payload] = values as [string, string];
    return new Promise<pg.QueryResult>((resolve, reject) => {
      if (payloads.has(payload)) flush();
      if (pending.length === 0) setImmediate(flush);
      pending.push({ channel, payload, resolve, reject });
      payloads.add(payload);
    });
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
