import { ROLES, type Role } from '@sherehe/shared/roles';
import type { ListUsersQuery } from '@sherehe/shared/schemas/users';
import { useListParams } from '@/lib/use-list-params';

export const USERS_PAGE_SIZE = 10;

export interface UsersListState {
  /** '' for every role. */
  role: Role | '';
  q: string;
  page: number;
}

/** What /dashboard/users's URL says (`?role=&q=&page=`); unknown values fall back to the defaults. */
export function readUsersState(params: URLSearchParams): UsersListState {
  const roleParam = params.get('role');
  const role = ROLES.find((candidate) => candidate === roleParam) ?? '';
  const page = Math.floor(Number(params.get('page')));
  return {
    role,
    q: params.get('q') ?? '',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

export function toUsersQuery(state: UsersListState): ListUsersQuery {
  const query: ListUsersQuery = { page: state.page, limit: USERS_PAGE_SIZE };
  if (state.role) query.role = state.role;
  if (state.q.trim()) query.q = state.q.trim();
  return query;
}

/** Typed words lose their surrounding spaces before they reach the URL. */
const TRIMMED = { trim: true };

/** The list's filters in the URL: a filter change goes back to page 1. */
export function useUsersParams() {
  return useListParams(readUsersState, TRIMMED);
}
