import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { Age } from '../../../ui/Age.js';
import { cx } from '../../../ui/cx.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { formatDuration } from '../../../utils/duration.js';
import { JobDetailsModal } from './JobDetailsModal.js';
import { type JobDetails, jobDetailTabs } from './jobDetails.js';

/** One job_histories row as a settings resource's Job History tab shows it. */
export interface JobRun {
  id: string;
  name: string;
  status: string;
  time_start: string | null;
  duration_millis: number | null;
  success_count: number | null;
  error_count: number | null;
  /** Where the job's own page is (a playbook run), when it has one. */
  href?: string;
  /** Errors and summaries: a row with any opens them in the job details modal. */
  details?: JobDetails | null;
}

/** Status badge colours: running yellow, warning orange, success green, failed and stopped red. */
export const STATUS_CLASS: Record<string, string> = {
  RUNNING: 'bg-yellow-100 text-yellow-800',
  WARNING: 'bg-orange-100 text-orange-800',
  SUCCESS: 'bg-emerald-100 text-emerald-800',
  FAILED: 'bg-red-100 text-red-800',
  STOPPED: 'bg-red-100 text-red-800',
};

/** Default page size of a resource's job history. */
export const JOB_HISTORY_PAGE_SIZE = 150;

/** The page size the URL asks for with `?pageSize=`, else the default. */
export function useJobHistoryPageSize(): number {
  const [params] = useSearchParams();
  return Number(params.get('pageSize')) || JOB_HISTORY_PAGE_SIZE;
}

/**
 * A resource's job runs, newest first; zero counts left blank; a load error only when nothing
 * shows. A run with errors or summaries opens them, as on Settings › Jobs History.
 */
export function JobHistoryTable({ jobs }: { jobs: UseQueryResult<{ rows: JobRun[] }> }) {
  const [open, setOpen] = useState<JobRun>();
  if (jobs.isLoading) return <LoadingBlock />;
  const rows = jobs.data?.rows ?? [];
  if (jobs.error && !rows.length) return <EmptyState message={errorMessage(jobs.error)} />;
  if (!rows.length) return <EmptyState />;
  return (
    <>
      <table aria-label="Job history" className="w-full text-left text-sm">
        <thead className="border-b border-zinc-200 text-xs text-zinc-500">
          <tr>
            <th className="py-2 pr-3 font-medium">Job</th>
            <th className="py-2 pr-3 font-medium">Status</th>
            <th className="py-2 pr-3 font-medium">Started</th>
            <th className="py-2 pr-3 font-medium">Duration</th>
            <th className="py-2 pr-3 font-medium">Success</th>
            <th className="py-2 pr-3 font-medium">Errors</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((j) => {
            const opens = !j.href && jobDetailTabs(j.details).length > 0;
            return (
              <tr
                key={j.id}
                className={cx('border-b border-zinc-100', opens && 'cursor-pointer hover:bg-zinc-50')}
                onClick={opens ? () => setOpen(j) : undefined}
              >
                <td className="py-1.5 pr-3 font-mono text-xs">
                  {j.href ? (
                    <Link to={j.href} className="text-blue-700 hover:underline">
                      {j.name}
                    </Link>
                  ) : opens ? (
                    <button
                      type="button"
                      className="text-left text-blue-700 hover:underline"
                      aria-label={`Details of ${j.name}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        setOpen(j);
                      }}
                    >
                      {j.name}
                    </button>
                  ) : (
                    j.name
                  )}
                </td>
                <td className="py-1.5 pr-3">
                  <span
                    className={cx('rounded px-1.5 py-0.5 text-xs font-medium', STATUS_CLASS[j.status] ?? 'bg-zinc-100')}
                  >
                    {j.status}
                  </span>
                </td>
                <td className="py-1.5 pr-3 text-xs text-zinc-600">
                  <Age date={j.time_start} suffix=" ago" />
                </td>
                <td className="py-1.5 pr-3 text-xs">{formatDuration(j.duration_millis)}</td>
                <td className="py-1.5 pr-3 text-xs">{j.success_count || ''}</td>
                <td className="py-1.5 pr-3 text-xs text-red-700">{j.error_count || ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {open && (
        <JobDetailsModal job={{ name: open.name, details: open.details ?? null }} onClose={() => setOpen(undefined)} />
      )}
    </>
  );
}
