import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { prepared, preparedSql } from '../../db/prepared';
import { bookings, chatMessages, users } from '../../db/schema';

/** Asked by every chat event: a prepared statement (db/prepared.ts). */
export async function findBookingForChat(db: Queryable, bookingId: string) {
  const [row] = await prepared(db, 'find_booking_for_chat', (on, name) =>
    on
      .select({
        id: bookings.id,
        clientId: bookings.clientId,
        plannerId: bookings.plannerId,
        packageId: bookings.packageId,
        packageTitle: bookings.packageTitle,
      })
      .from(bookings)
      .where(eq(bookings.id, sql.placeholder('bookingId')))
      .limit(1)
      .prepare(name),
  ).execute({ bookingId });
  return row;
}

const messageColumns = {
  message: chatMessages,
  sender: { id: users.id, username: users.username },
};

export type MessageRow = {
  message: typeof chatMessages.$inferSelect;
  sender: { id: string; username: string };
};

/** The whole conversation of a booking, oldest first. */
export function listMessages(db: Queryable, bookingId: string): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.bookingId, bookingId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

export type BookingForChat = NonNullable<Awaited<ReturnType<typeof findBookingForChat>>>;
export type MessageData = typeof chatMessages.$inferSelect;

interface SendRow {
  booking_id: string;
  client_id: string;
  planner_id: string;
  package_id: string | null;
  package_title: string;
  message_id: string | null;
  message_content: string | null;
  message_client_id: string | null;
  message_read_at: Date | string | null;
  message_created_at: Date | string | null;
}

/**
 * A chat send in one round trip: the booking, and the message, stored only when the sender and
 * the receiver are the booking's two parties, so a refused send writes nothing. `message` is
 * undefined when nothing was stored: not the two parties (the caller says which rule failed,
 * from `booking`), or a resend of a client id already stored (`findMessageByClientId`).
 */
export async function insertMessageBetweenParties(
  db: Queryable,
  values: {
    bookingId: string;
    senderId: string;
    receiverId: string;
    content: string;
    clientId: string | null;
  },
): Promise<{ booking?: BookingForChat; message?: MessageData }> {
  const { senderId, receiverId } = values;
  const result = await preparedSql<SendRow>(db, 'chat_insert_message', () => {
    const [booking, sender, receiver] = ['bookingId', 'senderId', 'receiverId'].map(
      (name) => sql`${sql.placeholder(name)}::uuid`,
    );
    return sql`
    with b as (
      select ${bookings.id} as id, ${bookings.clientId} as client_id, ${bookings.plannerId} as planner_id,
             ${bookings.packageId} as package_id, ${bookings.packageTitle} as package_title
      from ${bookings} where ${bookings.id} = ${booking}
    ), stored as (
      insert into ${chatMessages} (booking_id, sender_id, receiver_id, content, client_id)
      select b.id, ${sender}, ${receiver}, ${sql.placeholder('content')}::text, ${sql.placeholder('clientId')}::text from b
      where (b.client_id = ${sender} and b.planner_id = ${receiver})
         or (b.planner_id = ${sender} and b.client_id = ${receiver})
      on conflict do nothing
      returning id, content, client_id, read_at, created_at
    )
    select b.id as booking_id, b.client_id, b.planner_id, b.package_id, b.package_title,
           stored.id as message_id, stored.content as message_content,
           stored.client_id as message_client_id, stored.read_at as message_read_at,
           stored.created_at as message_created_at
    from b left join stored on true`;
  }).execute({ ...values });
  const [row] = result.rows;
  return sendResult(row, senderId, receiverId);
}

/** What one send found: the booking (if any), and the message if it was stored. */
function sendResult(
  row: SendRow | undefined,
  senderId: string,
  receiverId: string,
): { booking?: BookingForChat; message?: MessageData } {
  if (!row?.booking_id) return {};
  const booking: BookingForChat = {
    id: row.booking_id,
    clientId: row.client_id,
    plannerId: row.planner_id,
    packageId: row.package_id,
    packageTitle: row.package_title,
  };
  if (!row.message_id || row.message_content === null || row.message_created_at === null) return { booking };
  return {
    booking,
    message: {
      id: row.message_id,
      bookingId: row.booking_id,
      senderId,
      receiverId,
      content: row.message_content,
      clientId: row.message_client_id,
      readAt: row.message_read_at === null ? null : new Date(row.message_read_at),
      createdAt: new Date(row.message_created_at),
    },
  };
}

type SendValues = Parameters<typeof insertMessageBetweenParties>[1];
type SendResult = Awaited<ReturnType<typeof insertMessageBetweenParties>>;
interface PendingSend {
  values: SendValues;
  resolve: (result: SendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The text messages of many sends in one statement, each as `insertMessageBetweenParties` would
 * store it (only between the booking's two parties; a client id already stored is not stored
 * again) and answered apart. Within the statement the messages keep the order they were sent in
 * (`created_at` a microsecond apart).
 */
async function insertMessagesBetweenParties(db: Queryable, sends: SendValues[]): Promise<SendResult[]> {
  const input = sends.map((send, i) => ({
    i,
    id: randomUUID(),
    booking_id: send.bookingId,
    sender_id: send.senderId,
    receiver_id: send.receiverId,
    content: send.content,
    client_id: send.clientId,
  }));
  const result = await preparedSql<SendRow & { i: number }>(
    db,
    'chat_insert_messages',
    () => sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder('input')}::jsonb)
        as t(i integer, id uuid, booking_id uuid, sender_id uuid, receiver_id uuid, content text, client_id text)
    ), b as (
      select ${bookings.id} as id, ${bookings.clientId} as client_id, ${bookings.plannerId} as planner_id,
             ${bookings.packageId} as package_id, ${bookings.packageTitle} as package_title
      from ${bookings} where ${bookings.id} in (select booking_id from input)
    ), stored as (
      insert into ${chatMessages} (id, booking_id, sender_id, receiver_id, content, client_id, created_at)
      select input.id, b.id, input.sender_id, input.receiver_id, input.content, input.client_id,
             now() + input.i * interval '1 microsecond'
      from input join b on b.id = input.booking_id
      where (b.client_id = input.sender_id and b.planner_id = input.receiver_id)
         or (b.planner_id = input.sender_id and b.client_id = input.receiver_id)
      order by input.i
      on conflict do nothing
      returning id, content, client_id, read_at, created_at
    )
    select input.i, b.id as booking_id, b.client_id, b.planner_id, b.package_id, b.package_title,
           stored.id as message_id, stored.content as message_content,
           stored.client_id as message_client_id, stored.read_at as message_read_at,
           stored.created_at as message_created_at
    from input left join b on b.id = input.booking_id left join stored on stored.id = input.id`,
  ).execute({
    input: JSON.stringify(input),
  });
  const byIndex = new Map(result.rows.map((row) => [Number(row.i), row]));
  return sends.map((send, i) => sendResult(byIndex.get(i), send.senderId, send.receiverId));
}

const sendBatches = new WeakMap<object, PendingSend[]>();

/**
 * `insertMessageBetweenParties`, with the sends of one turn of the event loop stored together: at
 * 1,000 messages a second a statement (and a commit) per message is most of the database's work.
 * Each send is answered once its message is committed, as before. Should the statement fail, each
 * send is tried on its own, so one send's fault is its own.
 */
export function insertMessageInBatch(db: Queryable, values: SendValues): Promise<SendResult> {
  return new Promise((resolve, reject) => {
    let pending = sendBatches.get(db);
    if (!pending) {
      pending = [];
      sendBatches.set(db, pending);
      setImmediate(() => {
        sendBatches.delete(db);
        void flushSends(db, pending ?? []);
      });
    }
    pending.push({ values, resolve, reject });
  });
}

async function flushSends(db: Queryable, batch: PendingSend[]) {
  const alone = (send: PendingSend) =>
    insertMessageBetweenParties(db, send.values).then(send.resolve, send.reject);
  const [first] = batch;
  if (batch.length === 1 && first) return alone(first);
  try {
    const results = await insertMessagesBetweenParties(
      db,
      batch.map((send) => send.values),
    );
    batch.forEach((send, i) => {
      send.resolve(results[i] ?? {});
    });
  } catch {
    await Promise.all(batch.map(alone));
  }
}

/** The message a sender already stored under a client id (a resend after a reconnect). */
export async function findMessageByClientId(db: Queryable, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  return row;
}

/** Marks the messages of a booking sent to the reader as read. */
export async function markRead(db: Queryable, bookingId: string, readerId: string): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(chatMessages.bookingId, bookingId),
        eq(chatMessages.receiverId, readerId),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length;
}

/** Whether the message is stored and its receiver has not read it. */
/**
 * Whether a message of the booking to `receiverId`, sent no later than the message `messageId`
 * (that one or an earlier one), is still unread.
 */
export async function hasUnreadUpTo(
  db: Queryable,
  bookingId: string,
  receiverId: string,
  messageId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.receiverId, receiverId),
        eq(chatMessages.bookingId, bookingId),
        isNull(chatMessages.readAt),
        lte(
          chatMessages.createdAt,
          sql`(select m.created_at from ${chatMessages} m where m.id = ${messageId})`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Unread messages to a user: all, of one booking, or of their bookings of one package. */
export async function unreadCount(
  db: Queryable,
  userId: string,
  scope: { bookingId?: string | null | undefined; packageId?: string | null | undefined },
): Promise<number> {
  const conditions = [eq(chatMessages.receiverId, userId), isNull(chatMessages.readAt)];
  if (scope.bookingId) conditions.push(eq(chatMessages.bookingId, scope.bookingId));
  if (scope.packageId) {
    conditions.push(
      inArray(
        chatMessages.bookingId,
        db
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            and(
              eq(bookings.packageId, scope.packageId),
              or(eq(bookings.clientId, userId), eq(bookings.plannerId, userId)),
            ),
          ),
      ),
    );
  }
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(...conditions));
  return row?.n ?? 0;
}

export async function unreadByBooking(db: Queryable, userId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ bookingId: chatMessages.bookingId, n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.receiverId, userId), isNull(chatMessages.readAt)))
    .groupBy(chatMessages.bookingId);
  return Object.fromEntries(rows.map((row) => [row.bookingId, row.n]));
}
