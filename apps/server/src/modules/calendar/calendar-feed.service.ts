import { shiftDay } from '@sherehe/shared/calendar';
import { todayInNairobi } from '@sherehe/shared/dates';
import type { Lang } from '@sherehe/shared/i18n';
import { MESSAGES } from '@sherehe/shared/messages';
import { messagesIn } from '@sherehe/shared/messages-sw';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { serializeCalendar } from '../../lib/icalendar';
import { MAX_TOKEN_LENGTH, newToken } from '../../lib/tokens';
import { findBooking } from '../bookings';
import { presentCalendarEvent } from './calendar-feed.presenter';
import {
  ensureFeedToken,
  findFeedOwner,
  listCalendarBookings,
  replaceFeedToken,
} from './calendar-feed.queries';

const PRODUCT_ID = '-//Sherehe//Bookings//EN';
/** How far back a feed goes: a year of past events, then every one ahead. */
const FEED_DAYS_BACK = 366;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+$/;

type Actor = Pick<UserRow, 'id' | 'role'>;

function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/calendar/${token}.ics`;
}

/** GET /api/calendar/feed: the signed-in user's address, made on first use. */
export async function getFeedUrl(options: { db: Db; actor: Actor; publicUrl: string }) {
  const token = await ensureFeedToken(options.db, options.actor.id, newToken());
  return feedUrl(options.publicUrl, token);
}

/** POST /api/calendar/feed: a new address; the old one answers 404 from now on. */
export async function replaceFeedUrl(options: { db: Db; actor: Actor; publicUrl: string }) {
  const token = newToken();
  await replaceFeedToken(options.db, options.actor.id, token);
  return feedUrl(options.publicUrl, token);
}

/**
 * GET /api/calendar/:token.ics: no session, the token is the key. Unknown tokens: 404. In the
 * owner's language (`locale`): a calendar app sends neither their cookie nor their language.
 */
export async function renderFeed(options: { db: Db; token: string; publicUrl: string }) {
  const { db, token, publicUrl } = options;
  // Nothing that cannot be a token is looked up.
  if (token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) {
    throw new AppError('NOT_FOUND', MESSAGES.calendar.calendarNotFound);
  }
  const owner = await findFeedOwner(db, token);
  if (!owner) throw new AppError('NOT_FOUND', MESSAGES.calendar.calendarNotFound);
  const { userId, locale: lang } = owner;
  const rows = await listCalendarBookings(db, { userId, from: shiftDay(todayInNairobi(), -FEED_DAYS_BACK) });
  const host = new URL(publicUrl).hostname;
  return serializeCalendar({
    productId: PRODUCT_ID,
    name: messagesIn(lang).calendar.calendarName,
    events: rows.map((row) => presentCalendarEvent(row, { viewerId: userId, host, publicUrl, lang })),
  });
}

/**
 * GET /api/bookings/:id/ics: one booking's event, for its client and its planner only, in the
 * request's language (`lang`: the cookie, else the user's locale, else Accept-Language).
 */
export async function renderBookingEvent(options: {
  db: Db;
  actor: Actor;
  id: string;
  publicUrl: string;
  lang: Lang;
}) {
  const { db, actor, id, publicUrl, lang } = options;
  const row = await findBooking(db, id);
  if (!row || (row.client.id !== actor.id && row.planner.id !== actor.id)) {
    throw new AppError('NOT_FOUND', MESSAGES.bookings.notFound);
  }
  if (row.booking.eventDate === null) throw new AppError('CONFLICT', MESSAGES.enquiries.noCalendarEvent);
  const host = new URL(publicUrl).hostname;
  return serializeCalendar({
    productId: PRODUCT_ID,
    events: [presentCalendarEvent(row, { viewerId: actor.id, host, publicUrl, lang })],
  });
}
