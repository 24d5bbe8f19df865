import { MESSAGES } from '@sherehe/shared/messages';
import type { CategoryBody } from '@sherehe/shared/schemas/categories';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
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

export async function createCategory({ db, input }: { db: Db; input: CategoryBody }) {
  const row = await insertCategory(db, { ...input, nameSw: input.nameSw ?? '' });
  if (!row) throw new AppError('CONFLICT', MESSAGES.categories.nameTaken);
  return row;
}

export async function changeCategory({ db, id, input }: { db: Db; id: string; input: CategoryBody }) {
  const existing = await findCategory(db, id);
  if (!existing) throw new AppError('NOT_FOUND', MESSAGES.categories.notFound);
  const sameName = await findCategoryByName(db, input.name);
  if (sameName && sameName.id !== id) throw new AppError('CONFLICT', MESSAGES.categories.nameTaken);
  try {
    const row = await updateCategory(db, id, input);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.categories.notFound);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.categories.nameTaken);
    throw error;
  }
}

export async function removeCategory({ db, id }: { db: Db; id: string }) {
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
  });
}
