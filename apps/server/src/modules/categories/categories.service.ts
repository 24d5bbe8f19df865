import { MESSAGES } from '@sherehe/shared/messages';
import type { CategoryBody } from '@sherehe/shared/schemas/categories';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { type AuditContext, recordAudit } from '../audit';
import {
  categoryInUse,
  deleteCategory,
  findCategory,
  findCategoryByName,
  insertCategory,
  listCategories,
  updateCategory,
} from './categories.queries';

/** GET /api/category: every category, by name. */
export function getCategories({ db }: { db: Db }) {
  return listCategories(db);
}

export async function createCategory({
  db,
  input,
  audit,
}: {
  db: Db;
  input: CategoryBody;
  audit: AuditContext;
}) {
  return db.transaction(async (tx) => {
    const row = await insertCategory(tx, { ...input, nameSw: input.nameSw ?? '' });
    if (!row) throw new AppError('CONFLICT', MESSAGES.categories.nameTaken);
    await recordAudit(tx, audit, {
      action: 'category.created',
      subjectType: 'category',
      subjectId: row.id,
      summary: { after: categoryFields(row) },
    });
    return row;
  });
}

/** What an audit row keeps of a category. */
function categoryFields(row: { name: string; nameSw: string; description: string }) {
  return { name: row.name, nameSw: row.nameSw, description: row.description };
}

export async function changeCategory({
  db,
  id,
  input,
  audit,
}: {
  db: Db;
  id: string;
  input: CategoryBody;
  audit: AuditContext;
}) {
  const existing = await findCategory(db, id);
  if (!existing) throw new AppError('NOT_FOUND', MESSAGES.categories.notFound);
  const sameName = await findCategoryByName(db, input.name);
  if (sameName && sameName.id !== id) throw new AppError('CONFLICT', MESSAGES.categories.nameTaken);
  try {
    return await db.transaction(async (tx) => {
      const row = await updateCategory(tx, id, input);
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.categories.notFound);
      await recordAudit(tx, audit, {
        action: 'category.updated',
        subjectType: 'category',
        subjectId: id,
        summary: { before: categoryFields(existing), after: categoryFields(row) },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.categories.nameTaken);
    throw error;
  }
}

export async function removeCategory({ db, id, audit }: { db: Db; id: string; audit: AuditContext }) {
  return db.transaction(async (tx) => {
    const existing = await findCategory(tx, id);
    if (!existing) throw new AppError('NOT_FOUND', MESSAGES.categories.notFound);
    if (await categoryInUse(tx, id)) throw new AppError('CONFLICT', MESSAGES.categories.inUse);
    try {
      await deleteCategory(tx, id);
    } catch (error) {
      // A package created in the same instant still trips the foreign key: same answer.
      throw new AppError('CONFLICT', MESSAGES.categories.inUse, { cause: error });
    }
    await recordAudit(tx, audit, {
      action: 'category.deleted',
      subjectType: 'category',
      subjectId: id,
      summary: { before: categoryFields(existing) },
    });
  });
}
