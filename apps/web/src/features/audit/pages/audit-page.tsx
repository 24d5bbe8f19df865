import { AUDIT_ACTIONS, type AuditAction } from '@sherehe/shared/audit';
import { formatDate, formatTime } from '@sherehe/shared/dates';
import { auditMessages, authMessages } from '@sherehe/shared/messages';
import type { Role } from '@sherehe/shared/roles';
import type { AuditEvent } from '@sherehe/shared/schemas/audit';
import { type FormEvent, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InputField, SelectField } from '@/components/ui/form-field';
import { ListRegion, ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { SearchForm } from '@/components/ui/search-form';
import { Skeleton } from '@/components/ui/skeleton';
import { queryString } from '@/config/paths';
import { useJumpToLastPage } from '@/lib/use-jump-to-last-page';
import { useAuditEvents } from '../api/get-audit';

const m = auditMessages;
export const AUDIT_PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const ACTION_OPTIONS = [
  { value: '', label: m.allActions },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: m.actionLabels[action] })),
];

interface AuditFilters {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

/** The filters and the page of the URL; anything the API would refuse is left out. */
function readParams(params: URLSearchParams): AuditFilters & { page: number } {
  const action = AUDIT_ACTIONS.find((value) => value === params.get('action')) ?? '';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  const page = Number(params.get('page'));
  return {
    actor: (params.get('actor') ?? '').trim().slice(0, 100),
    action,
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function hrefFor(filters: AuditFilters, page = 1) {
  return `/dashboard/audit${queryString({ ...filters, page: page > 1 ? page : undefined })}`;
}

const COLUMNS = [m.at, m.actor, m.action, m.subject, m.details];
const th = 'px-2 py-3 font-semibold text-stone-700 first:pl-4 last:pr-4';
const td = 'px-2 py-3 align-top first:pl-4 last:pr-4';

/** The summary's fields as `key: value`, one a line: ids and amounts in cents, no personal data. */
function details(summary: AuditEvent['summary']): string {
  return Object.entries(summary)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}

function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{m.listLabel}</caption>
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            {COLUMNS.map((label) => (
              <th key={label} scope="col" className={th}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {events.map((event) => (
            <tr key={event._id}>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={event.at}>
                  {formatDate(event.at)}, {formatTime(event.at)}
                </time>
              </td>
              <td className={td}>
                {event.actor ? event.actor.username : m.system}
                {event.actor ? (
                  <span className="block text-stone-600">
                    {authMessages.roleLabels[event.actorRole as Role] ?? event.actorRole}
                  </span>
                ) : null}
              </td>
              <td className={td}>{m.actionLabels[event.action as AuditAction] ?? event.action}</td>
              <td className={`${td} font-mono text-xs break-all`}>
                {event.subjectType}
                {event.subjectId ? ` ${event.subjectId}` : ''}
              </td>
              <td className={`${td} font-mono text-xs whitespace-pre-wrap break-all`}>
                {details(event.summary)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /dashboard/audit (admin): the audit trail, by who, what and when, paged on the server. */
export default function AuditPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { page, ...filters } = readParams(params);
  const events = useAuditEvents({
    actor: filters.actor || undefined,
    action: filters.action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page,
    limit: AUDIT_PAGE_SIZE,
  });
  const listRef = useRef<HTMLElement>(null);

  useJumpToLastPage(page, events.data && !events.isPlaceholderData ? events.data.pages : null, (last) =>
    navigate(hrefFor(filters, last), { replace: true }),
  );

  const change = (changes: Partial<AuditFilters>, options?: { replace?: boolean }) =>
    navigate(hrefFor({ ...filters, ...changes }), options);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const actor = new FormData(event.currentTarget).get('actor');
    change({ actor: typeof actor === 'string' ? actor.trim() : '' });
  };

  const total = events.data?.total ?? 0;
  return (
    <>
      <PageHeader title={m.title}>{m.intro}</PageHeader>
      <SearchForm
        label={m.filtersLabel}
        onSubmit={submit}
        className="mb-6 grid items-end gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5"
      >
        <InputField
          key={filters.actor}
          label={m.actorLabel}
          hint={m.actorHint}
          name="actor"
          defaultValue={filters.actor}
          maxLength={100}
        />
        <SelectField
          label={m.actionLabel}
          name="action"
          options={ACTION_OPTIONS}
          value={filters.action}
          onChange={(event) => change({ action: event.target.value as AuditAction | '' })}
        />
        <InputField
          label={m.fromLabel}
          type="date"
          name="from"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => change({ from: event.target.value }, { replace: true })}
        />
        <InputField
          label={m.toLabel}
          type="date"
          name="to"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => change({ to: event.target.value }, { replace: true })}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{m.apply}</Button>
          <Button variant="ghost" onClick={() => navigate('/dashboard/audit')}>
            {m.clear}
          </Button>
        </div>
      </SearchForm>
      <p aria-live="polite" className="mb-3 min-h-6 text-stone-600">
        {total > 0 ? m.count(total) : ''}
      </p>
      <ListRegion ref={listRef} label={m.listLabel} busy={events.isFetching}>
        <ListStates
          query={events}
          loading={<Skeleton layout="list" lines={4} label={m.loading} />}
          loadFailed={m.loadFailed}
          isEmpty={(data) => data.events.length === 0}
          empty={<EmptyState title={m.none} />}
        >
          {(data) => (
            <div className={events.isPlaceholderData ? 'opacity-60' : undefined}>
              <AuditTable events={data.events} />
              <Pagination
                className="mt-6"
                page={page}
                pages={data.pages}
                hrefFor={(target) => hrefFor(filters, target)}
              />
            </div>
          )}
        </ListStates>
      </ListRegion>
    </>
  );
}
