import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationTopic,
} from '@sherehe/shared/notifications';
import type { NotificationsPatchBody, NotificationsResponse } from '@sherehe/shared/schemas/notifications';
import type { Db, Queryable } from '../../db/client';
import {
  type ConsentChange,
  deleteSmsOptOut,
  findAccountsWithSmsPhone,
  findSettings,
  findSmsReach,
  insertConsents,
  upsertSettings,
} from './notification-settings.queries';

/**
 * Whether a person wants notices of a topic on a channel (docs/notifications.md#settings): their
 * switch, on when they never touched it. Security mails and verification codes ask nothing: they go.
 * For SMS this is only their wish: the message still needs a verified number that has not replied STOP.
 */
export async function wantsNotice(
  db: Queryable,
  userId: string,
  channel: NotificationChannel,
  topic: NotificationTopic,
): Promise<boolean> {
  return (await findSettings(db, userId))[channel][topic];
}

/** Switches as they work: while the verified number stands STOPped, every SMS switch is off. */
function effective(settings: NotificationSettings, stopped: boolean): NotificationSettings {
  if (!stopped) return settings;
  const off = Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, false]));
  return { sms: off as NotificationSettings['sms'], email: { ...settings.email } };
}

/** What `GET /api/user/notifications` answers: the switches as they work, the number, its STOP. */
export async function getNotificationSettings(
  db: Queryable,
  userId: string,
): Promise<Omit<NotificationsResponse, 'success'>> {
  const [settings, reach] = await Promise.all([findSettings(db, userId), findSmsReach(db, userId)]);
  return {
    notifications: effective(settings, reach.stopped),
    smsPhone: reach.phone,
    smsStopped: reach.stopped,
  };
}

/**
 * Changes some switches in one transaction: the settings, and one consent row (source `profile`)
 * per switch that changed (from the switches as they work: all SMS off while the number stands
 * STOPped). Turning an SMS switch on from the profile is asking for SMS again: the STOP the verified
 * number replied is forgotten, and only the switches turned on send (docs/notifications.md#stop).
 */
export async function changeNotificationSettings(
  db: Db,
  userId: string,
  change: NotificationsPatchBody,
): Promise<Omit<NotificationsResponse, 'success'>> {
  return db.transaction(async (tx) => {
    const reach = await findSmsReach(tx, userId);
    const before = effective(await findSettings(tx, userId, true), reach.stopped);
    const after: NotificationSettings = { sms: { ...before.sms }, email: { ...before.email } };
    const changes: ConsentChange[] = [];
    for (const channel of NOTIFICATION_CHANNELS)
      for (const topic of NOTIFICATION_TOPICS) {
        const wanted = change[channel]?.[topic];
        if (wanted === undefined || wanted === before[channel][topic]) continue;
        after[channel][topic] = wanted;
        changes.push({
          userId,
          channel,
          topic,
          granted: wanted,
          source: 'profile',
          phone: channel === 'sms' ? reach.phone : null,
        });
      }
    if (changes.length > 0) {
      await upsertSettings(tx, userId, after);
      await insertConsents(tx, changes);
    }
    const smsAskedFor = NOTIFICATION_TOPICS.some((topic) => after.sms[topic]);
    if (smsAskedFor && reach.stopped && reach.phone) await deleteSmsOptOut(tx, reach.phone);
    return getNotificationSettings(tx, userId);
  });
}

/**
 * A STOP replied from a number: every account whose verified number it is has its SMS switches
 * turned off, with a consent row (source `stop-reply`, granted false) per topic that was on. In the
 * caller's transaction, with the number's opt-out.
 */
export async function recordSmsStop(tx: Queryable, phone: string): Promise<void> {
  for (const userId of await findAccountsWithSmsPhone(tx, phone)) {
    const settings = await findSettings(tx, userId, true);
    const wasOn = NOTIFICATION_TOPICS.filter((topic) => settings.sms[topic]);
    if (wasOn.length === 0) continue;
    for (const topic of wasOn) settings.sms[topic] = false;
    await upsertSettings(tx, userId, settings);
    await insertConsents(
      tx,
      wasOn.map((topic) => ({ userId, channel: 'sms', topic, granted: false, source: 'stop-reply', phone })),
    );
  }
}

/**
 * A number just verified (docs/notifications.md#verified-phones): verifying is asking for SMS, so
 * every SMS switch is on and a STOP that number once replied is forgotten. The email switches stay
 * as they were. The consent rows are the verification's own (source `phone-verified`).
 */
export async function smsOnForVerifiedPhone(tx: Queryable, userId: string, phone: string): Promise<void> {
  const settings = await findSettings(tx, userId, true);
  const on = Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, true]));
  await upsertSettings(tx, userId, { sms: on as NotificationSettings['sms'], email: settings.email });
  await deleteSmsOptOut(tx, phone);
}
