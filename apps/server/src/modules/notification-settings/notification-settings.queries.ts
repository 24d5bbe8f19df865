import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationTopic,
} from '@sherehe/shared/notifications';
import { and, eq, isNull } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { notificationConsents, notificationSettings, smsOptOuts, users } from '../../db/schema';

type SettingsRow = typeof notificationSettings.$inferSelect;
type SwitchColumn = Exclude<keyof SettingsRow, 'userId' | 'updatedAt'>;

/** The column of one switch: `sms_bookings`, `email_chat`… */
export function columnOf(channel: NotificationChannel, topic: NotificationTopic): SwitchColumn {
  return `${channel}${topic[0]!.toUpperCase()}${topic.slice(1)}` as SwitchColumn;
}

/** Everything on: a person without a row. */
export function allOn(): NotificationSettings {
  const on = () => Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, true]));
  return Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, on()])) as NotificationSettings;
}

function settingsOf(row: SettingsRow | undefined): NotificationSettings {
  const settings = allOn();
  if (!row) return settings;
  for (const channel of NOTIFICATION_CHANNELS)
    for (const topic of NOTIFICATION_TOPICS) settings[channel][topic] = row[columnOf(channel, topic)];
  return settings;
}

/**
 * Switches read in an open transaction, per person: a change's notices ask about the same person
 * more than once (a booking request's mail, then its SMS), and each answer is a round trip. Dropped
 * with the transaction, and for a person whose switches it writes.
 */
const readInTransaction = new WeakMap<object, Map<string, NotificationSettings>>();

/** A person's switches; `lock` holds their row until the transaction ends (a change being made). */
export async function findSettings(
  db: Queryable,
  userId: string,
  lock = false,
): Promise<NotificationSettings> {
  const kept = db instanceof PgTransaction && !lock ? readInTransaction.get(db)?.get(userId) : undefined;
  if (kept) return structuredClone(kept);
  const query = db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  const settings = settingsOf(row);
  if (db instanceof PgTransaction) {
    let read = readInTransaction.get(db);
    if (!read) {
      read = new Map();
      readInTransaction.set(db, read);
    }
    read.set(userId, structuredClone(settings));
  }
  return settings;
}

export async function upsertSettings(db: Queryable, userId: string, settings: NotificationSettings) {
  const values: Partial<Record<SwitchColumn, boolean>> = {};
  for (const channel of NOTIFICATION_CHANNELS)
    for (const topic of NOTIFICATION_TOPICS) values[columnOf(channel, topic)] = settings[channel][topic];
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: new Date() } });
  if (db instanceof PgTransaction) readInTransaction.get(db)?.delete(userId);
}

export interface ConsentChange {
  userId: string;
  channel: NotificationChannel;
  topic: NotificationTopic;
  granted: boolean;
  source: (typeof notificationConsents.$inferInsert)['source'];
  phone: string | null;
}

export async function insertConsents(db: Queryable, changes: ConsentChange[]): Promise<void> {
  if (changes.length > 0) await db.insert(notificationConsents).values(changes);
}

/** The account's verified number (null: none) and whether that number replied STOP. */
export async function findSmsReach(
  db: Queryable,
  userId: string,
): Promise<{ phone: string | null; stopped: boolean }> {
  const [row] = await db
    .select({ phone: users.smsPhone, stopped: smsOptOuts.phone })
    .from(users)
    .leftJoin(smsOptOuts, eq(smsOptOuts.phone, users.smsPhone))
    .where(eq(users.id, userId));
  return { phone: row?.phone ?? null, stopped: row?.stopped != null };
}

/** The accounts (not deleted) whose verified number this is. */
export async function findAccountsWithSmsPhone(db: Queryable, phone: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.smsPhone, phone), isNull(users.deletedAt)));
  return rows.map((row) => row.id);
}

/** The number may receive SMS again: its STOP is forgotten. */
export async function deleteSmsOptOut(db: Queryable, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}
