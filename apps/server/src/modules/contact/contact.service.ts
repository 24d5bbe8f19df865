import type { Lang } from '@sherehe/shared/i18n';
import { MESSAGES } from '@sherehe/shared/messages';
import type { AnswerContactBody, ContactBody, ContactListQuery } from '@sherehe/shared/schemas/contact';
import type { Db } from '../../db/client';
import type { PlanRow, UserRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import { parseId } from '../../lib/ids';
import { pageInfo, pageWindow } from '../../lib/paging';
import { queueMail } from '../../mail/mail-jobs';
import { contactAnswerMail } from '../../mail/templates';
import { type AuditContext, recordAudit } from '../audit';
import {
  answerContactMessage,
  type ContactRow,
  countContactMessages,
  findContactMessage,
  insertContactMessage,
  listContactMessages,
  markContactHandled,
} from './contact.queries';

const DEFAULT_PAGE_SIZE = 20;

/**
 * POST /api/messages: a client or planner writes to the Sherehe team (admins are the team). A plan
 * with priority support marks the message.
 */
export async function sendContactMessage(options: {
  db: Db;
  actor: Pick<UserRow, 'id' | 'username' | 'role' | 'locale'>;
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
  return {
    message,
    user: { id: actor.id, username: actor.username, role: actor.role, locale: actor.locale },
    handler: null,
  };
}

/** GET /api/messages: the messages sent to the team, the unhandled first, newest first; or one state only. */
export async function listContactMessagesPage({ db, query }: { db: Db; query: ContactListQuery }) {
  const window = pageWindow(query, { defaultSize: DEFAULT_PAGE_SIZE });
  const [rows, total] = await Promise.all([
    listContactMessages(db, { limit: window.limit, offset: window.offset, state: query.state }),
    window.paged ? countContactMessages(db, query.state) : undefined,
  ]);
  return { rows, page: total === undefined ? undefined : pageInfo(window, total) };
}

/**
 * PATCH /api/messages/:id (admins): marks a message handled without answering it. Marking a handled
 * message again changes nothing: it keeps who handled it first, and when.
 */
export async function markContactMessageHandled(options: {
  db: Db;
  actor: Pick<UserRow, 'id'>;
  id: string;
  audit: AuditContext;
}) {
  const { db, actor, audit } = options;
  const id = parseId(options.id, MESSAGES.contact.notFound);
  if (!(await findContactMessage(db, id))) throw new AppError('NOT_FOUND', MESSAGES.contact.notFound);
  await db.transaction(async (tx) => {
    if (await markContactHandled(tx, id, actor.id, new Date()))
      await recordAudit(tx, audit, {
        action: 'contact.handled',
        subjectType: 'contact',
        subjectId: id,
        summary: { answered: false },
      });
  });
  const row = await findContactMessage(db, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.contact.notFound);
  return row;
}

/**
 * POST /api/messages/:id/answer (admins): mails the answer to the address the sender gave, through
 * the job queue, in the language of their account (English when they have none any more), and marks
 * the message handled by the admin who answered. A message is answered once (409 after that); the
 * stored answer and the queued mail are one transaction, so a refused answer sends nothing.
 */
export async function answerContactMessageByMail(options: {
  db: Db;
  jobs: JobQueue;
  actor: Pick<UserRow, 'id'>;
  id: string;
  input: AnswerContactBody;
  audit: AuditContext;
}) {
  const { db, jobs, actor, input, audit } = options;
  const id = parseId(options.id, MESSAGES.contact.notFound);
  await db.transaction(async (tx) => {
    const row = await findContactMessage(tx, id);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.contact.notFound);
    if (!(await answerContactMessage(tx, id, actor.id, input.message, new Date())))
      throw new AppError('CONFLICT', MESSAGES.contact.alreadyAnswered);
    await recordAudit(tx, audit, {
      action: 'contact.answered',
      subjectType: 'contact',
      subjectId: id,
      summary: { answered: true },
    });
    const lang: Lang = row.user?.locale === 'sw' ? 'sw' : 'en';
    await queueMail(
      jobs,
      tx,
      contactAnswerMail({
        to: row.message.email,
        lang,
        name: row.message.name,
        answer: input.message,
        message: row.message.message,
      }),
    );
  });
  jobs.wake();
  const row = await findContactMessage(db, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.contact.notFound);
  return row;
}
