import { ROLES, type Role } from '@sherehe/shared/roles';
import type { ListUsersQuery } from '@sherehe/shared/schemas/users';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

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

type Changes = Partial<UsersListState>;

/** The list's filters in the URL: a filter change goes back to page 1. */
export function useUsersParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readUsersState(params), [params]);

  const update = useCallback(
    (changes: Changes, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const text = value === undefined ? '' : String(value).trim();
            if (text === '' || (key === 'page' && text === '1')) next.delete(key);
            else next.set(key, text);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  return { state, update };
}
