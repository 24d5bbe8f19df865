import { jobsMessages } from '@sherehe/shared/messages';
import type { JobStatus } from '@sherehe/shared/schemas/jobs';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/form-field';
import { ListRegion, ListStates, PagedList } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useJumpToLastPage } from '@/lib/use-jump-to-last-page';
import { useJobs } from '../api/get-jobs';
import { JobCard } from '../components/job-card';
import { RetryJobButton } from '../components/retry-job-button';

export const JOBS_PAGE_SIZE = 10;

/** What the list shows: one status, or every job. */
type JobFilter = JobStatus | 'all';

// Failed first: they are why an admin opens this page; the others are there to follow a retry.
const FILTERS: readonly JobFilter[] = ['failed', 'pending', 'running', 'done', 'all'];
const FILTER_OPTIONS = FILTERS.map((value) => ({
  value,
  label: value === 'all' ? jobsMessages.allStatuses : jobsMessages.statusLabels[value],
}));

/** `?status=` of the URL; none (or an unknown one) is the failed jobs. */
function parseFilter(value: string | null): JobFilter {
  return FILTERS.find((filter) => filter === value) ?? 'failed';
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

function hrefFor(filter: JobFilter, page = 1) {
  return paths.dashboard.jobs.getHref({
    status: filter === 'failed' ? undefined : filter,
    page: page > 1 ? page : undefined,
  });
}

function emptyTitle(filter: JobFilter): string {
  if (filter === 'failed') return jobsMessages.noneFailed;
  if (filter === 'all') return jobsMessages.noneAtAll;
  return jobsMessages.noneWithStatus(jobsMessages.statusLabels[filter].toLowerCase());
}

/** /dashboard/jobs (admin): background jobs, the failed ones unless asked otherwise, with Retry. */
export default function JobsPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filter = parseFilter(params.get('status'));
  const page = parsePage(params.get('page'));
  const status = filter === 'all' ? undefined : filter;
  const jobs = useJobs({ status, page, limit: JOBS_PAGE_SIZE });
  const listRef = useRef<HTMLElement>(null);

  useJumpToLastPage(page, jobs.data && !jobs.isPlaceholderData ? jobs.data.pages : null, (last) =>
    navigate(hrefFor(filter, last), { replace: true }),
  );

  // The retried job's card (and its focused button) is gone or changed: keep the keyboard in the
  // list, without scrolling away from where the card was.
  const focusList = () => listRef.current?.focus({ preventScroll: true });

  const body = (
    <ListStates
      query={jobs}
      loading={<Skeleton layout="list" lines={4} label={jobsMessages.loading} />}
      loadFailed={jobsMessages.loadFailed}
      isEmpty={(data) => data.jobs.length === 0}
      empty={
        <EmptyState
          title={emptyTitle(filter)}
          action={
            filter === 'failed' ? undefined : (
              <TextLink to={hrefFor('failed')}>{jobsMessages.showFailed}</TextLink>
            )
          }
        />
      }
    >
      {(data) => (
        <PagedList
          items={data.jobs}
          stale={jobs.isPlaceholderData}
          page={page}
          pages={data.pages}
          hrefFor={(target) => hrefFor(filter, target)}
        >
          {(job) => (
            <JobCard
              job={job}
              action={
                job.status === 'failed' ? <RetryJobButton job={job} onRetried={focusList} /> : undefined
              }
            />
          )}
        </PagedList>
      )}
    </ListStates>
  );

  const total = jobs.data?.total ?? 0;
  return (
    <>
      <PageHeader title={jobsMessages.title}>{jobsMessages.intro}</PageHeader>
      <div className="mb-4 w-full sm:w-60">
        <SelectField
          label={jobsMessages.filterLabel}
          value={filter}
          onChange={(event) => navigate(hrefFor(parseFilter(event.target.value)))}
          options={FILTER_OPTIONS}
        />
      </div>
      <p aria-live="polite" className="mb-3 min-h-6 text-stone-600">
        {total > 0
          ? jobsMessages.count(total, status && jobsMessages.statusLabels[status].toLowerCase())
          : ''}
      </p>
      <ListRegion ref={listRef} label={jobsMessages.listLabel} busy={jobs.isFetching}>
        {body}
      </ListRegion>
    </>
  );
}
