import type { Category } from '@sherehe/shared/schemas/categories';
import type { categories } from '../../db/schema';

export function presentCategory(row: typeof categories.$inferSelect): Category {
  return {
    _id: row.id,
    name: row.name,
    nameSw: row.nameSw,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}
