/**
 * The admins' category writes. They live with the feature rather than in `config/paths.ts`, whose
 * table is part of the home page's entry chunk: only the admins' Categories page needs them.
 */
export const categoriesApiPaths = {
  create: '/api/category/create',
  update: (id: string) => `/api/category/update/${encodeURIComponent(id)}`,
  delete: (id: string) => `/api/category/delete/${encodeURIComponent(id)}`,
} as const;
