import type { ReactNode, Ref } from 'react';
import { cx } from '@/lib/class-names';
import { LoadError } from './load-error';
import { Pagination } from './pagination';

/** The part of a query's state a list reads. */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A list's every state: `loading` (a Skeleton) while the first answer is on its way, the reason and
 * Try Again when it failed, `empty` when `isEmpty` says there is nothing, else the list itself.
 */
export function ListStates<T>({
  query,
  loading,
  loadFailed,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery<T>;
  loading: ReactNode;
  loadFailed: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) return <LoadError message={loadFailed} onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  return isEmpty(data) ? empty : children(data);
}

/**
 * One page of a list the server pages, dimmed while the next one loads (`stale`), with the links to
 * the other pages under it.
 */
export function PagedList<T extends { _id: string }>({
  items,
  stale,
  page,
  pages,
  hrefFor,
  className = 'space-y-4',
  children,
}: {
  items: readonly T[];
  stale: boolean;
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  /** The list's own classes (its spacing). */
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <ul className={cx(className, 'transition-opacity', stale && 'opacity-60')}>
        {items.map((item) => (
          <li key={item._id}>{children(item)}</li>
        ))}
      </ul>
      <Pagination className="mt-6" page={Math.min(page, pages)} pages={pages} hrefFor={hrefFor} />
    </>
  );
}

/**
 * The region a list lives in: named, busy while another page loads, and focusable from script only,
 * so the keyboard can stay in the list when the row it was on goes away.
 */
export function ListRegion({
  label,
  busy,
  ref,
  children,
}: {
  label: string;
  busy: boolean;
  ref: Ref<HTMLElement>;
  children: ReactNode;
}) {
  return (
    <section ref={ref} tabIndex={-1} aria-label={label} aria-busy={busy} className="outline-none">
      {children}
    </section>
  );
}
