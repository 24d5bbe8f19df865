/**
 * One package's address, and a planner's package writes. They live with the feature rather than in
 * `config/paths.ts`, whose table is part of the home page's entry chunk: only this feature's lazy
 * pages call them.
 */
export const packageApiPaths = {
  detail: (id: string) => `/api/packages/${encodeURIComponent(id)}`,
  create: '/api/packages/create',
  update: (id: string) => `/api/packages/update/${encodeURIComponent(id)}`,
  delete: (id: string) => `/api/packages/delete/${encodeURIComponent(id)}`,
  photos: (id: string) => `/api/packages/${encodeURIComponent(id)}/images`,
} as const;
