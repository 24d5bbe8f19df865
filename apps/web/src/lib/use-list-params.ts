import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** How a list's values are written to the URL. */
export interface ListParamsOptions {
  /** Each key's default, which the URL leaves out (`page` 1 always is). */
  defaults?: Readonly<Record<string, string>>;
  /** Typed values lose their surrounding spaces on the way in. */
  trim?: boolean;
}

const NONE: ListParamsOptions = {};

/**
 * A list's state in the URL (its filters and page), so a reload or a shared link keeps it, and a way
 * to change it: an empty or default value leaves the URL, and a change that names no page goes back
 * to page 1; and the links to its other pages. `read` and `options` are module constants (the callbacks depend on them).
 */
export function useListParams<TState extends object>(
  read: (params: URLSearchParams) => TState,
  options: ListParamsOptions = NONE,
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [read, params]);
  const { defaults, trim = false } = options;

  const update = useCallback(
    (changes: Partial<TState>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const raw = value === undefined ? '' : String(value);
            const text = trim ? raw.trim() : raw;
            const isDefault = key === 'page' ? text === '1' : text === defaults?.[key];
            if (text === '' || isDefault) next.delete(key);
            else next.set(key, text);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams, defaults, trim],
  );

  /** The link to another page of the same list. */
  const { pathname } = useLocation();
  const hrefForPage = useCallback(
    (page: number) => {
      const next = new URLSearchParams(params);
      if (page <= 1) next.delete('page');
      else next.set('page', String(page));
      const search = next.toString();
      return search ? `${pathname}?${search}` : pathname;
    },
    [params, pathname],
  );

  return { state, update, hrefForPage };
}
