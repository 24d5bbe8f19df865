import type { AuditListQuery, AuditListResponse } from '@sherehe/shared/schemas/audit';
import { queryString } from '@/config/paths';
import { usePagedList } from '@/lib/use-paged-list';

/**
 * The audit trail's address (admins). It lives with the feature rather than in `config/paths.ts`,
 * whose table is part of the home page's entry chunk: only the admins' Audit page needs it.
 */
export const auditApiPath = (query: AuditListQuery) => `/api/admin/audit${queryString({ ...query })}`;

/** GET /api/admin/audit (admins): newest first, paged and filtered on the server. */
export function useAuditEvents(query: AuditListQuery) {
  return usePagedList(['audit', 'list', query], auditApiPath(query), (reply: AuditListResponse) => ({
    events: reply.events,
    total: reply.total,
    pages: Math.max(1, reply.pages),
  }));
}
