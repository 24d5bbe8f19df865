import { MESSAGES } from '@sherehe/shared/messages';
import type { ContactBody } from '@sherehe/shared/schemas/contact';
import type { Db } from '../../db/client';
import type { PlanRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type PageQuery, pageInfo, pageWindow } from '../../lib/paging';
import {
  type ContactRow,
  countContactMessages,
  insertContactMessage,
  listContactMessages,
} from './contact.queries';

const DEFAULT_PAGE_SIZE = 20;

/**
 * POST /api/messages: a client or planner writes to the Sherehe team (admins are the team). A plan
 * with priority support marks the message.
 */
export async function sendContactMessage(options: {
  db: Db;
  actor: Pick<UserRow, 'id' | 'username' | 'role'>;
  plan: Pick<PlanRow, 'prioritySupport'>;
  input: ContactBody;
}): Promise<ContactRow> {
  const { db, actor, plan, input } = options;
  if (actor.role === 'admin') throw new AppError('FORBIDDEN', MESSAGES.contact.adminsRefused);
  const message = await insertContactMessage(db, {
    ...input,
    userId: actor.id,
    priority: plan.prioritySupport,
  });
  return { message, user: { id: actor.id, username: actor.username, role: actor.role } };
}

/** GET /api/messages: the messages sent to the team, newest first. */
export async function listContactMessagesPage({ db, query }: { db: Db; query: PageQuery }) {
  const window = pageWindow(query, { defaultSize: DEFAULT_PAGE_SIZE });
  const [rows, total] = await Promise.all([
    listContactMessages(db, { limit: window.limit, offset: window.offset }),
    window.paged ? countContactMessages(db) : undefined,
  ]);
  return { rows, page: total === undefined ? undefined : pageInfo(window, total) };
}
