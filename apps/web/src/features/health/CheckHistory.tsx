import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../ui/EmptyState.js';
import { Pagination } from '../../ui/Pagination.js';
import { ArtifactLinks } from './ArtifactLinks.js';
import { fetchCheckHistory } from './api.js';
import { StatusDot } from './StatusDot.js';
import { DURATION_FILTER_OPTIONS, formatLatency, parseDurationFilter } from './utils.js';

const PAGE_SIZE = 50;
const STALE_MS = 10_000;

/** The History tab: the check's results in the range, newest first, paged by the server. */
export function CheckHistory({ checkId, from }: { checkId: string; from: string }) {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [status, setStatus] = useState('');
  const [durationText, setDurationText] = useState('All');
  const duration = parseDurationFilter(durationText);
  const minDuration = duration.error ? undefined : duration.ms;

  const history = useQuery({
    queryKey: ['health', 'history', checkId, from, status, minDuration ?? null, pageIndex, pageSize],
    queryFn: ({ signal }) => fetchCheckHistory({ checkId, from, status, minDuration, pageIndex, pageSize }, signal),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
  const rows = history.data?.rows ?? [];

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-start gap-3">
        <label className="flex items-center gap-1 text-sm text-zinc-600">
          Status
          <select
            className="h-8 rounded-md border border-zinc-300 px-2 text-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageIndex(0);
              setPageSize(PAGE_SIZE);
            }}
          >
            <option value="">All</option>
            <option value="true">Passed</option>
            <option value="false">Failed</option>
          </select>
        </label>
        <div className="flex flex-col">
          <label className="flex items-center gap-1 text-sm text-zinc-600">
            Duration
            <input
              list="check-duration-options"
              aria-label="Duration"
              aria-invalid={!!duration.error}
              className="h-8 w-28 rounded-md border border-zinc-300 px-2 text-sm aria-invalid:border-red-500"
              value={durationText}
              onChange={(e) => {
                setDurationText(e.target.value);
                setPageIndex(0);
                setPageSize(PAGE_SIZE);
              }}
            />
          </label>
          <datalist id="check-duration-options">
            {DURATION_FILTER_OPTIONS.map((o) => (
              <option key={o} value={o} />
            ))}
          </datalist>
          {duration.error && (
            <p role="alert" className="mt-1 text-xs text-red-600">
              {duration.error}
            </p>
          )}
        </div>
      </div>
      {rows.length === 0 && !history.isFetching ? (
        <EmptyState />
      ) : (
        <table aria-label="Check history" className="w-full text-sm">
          <thead className="text-left text-xs text-zinc-500">
            <tr>
              <th className="py-1 pr-2 sm:pr-3">Time</th>
              <th className="py-1 pr-2 sm:pr-3">Status</th>
              <th className="py-1 pr-2 sm:pr-3">Duration</th>
              <th className="py-1">Message</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.time} className="border-t border-zinc-100 align-top">
                <td className="py-1 pr-2 text-zinc-600 sm:pr-3 sm:whitespace-nowrap">
                  {new Date(r.time).toLocaleString()}
                </td>
                <td className="py-1 pr-2 sm:pr-3">
                  <StatusDot status={r.status ? 'healthy' : 'unhealthy'} />
                </td>
                <td className="py-1 pr-2 tabular-nums sm:pr-3">{formatLatency(r.duration)}</td>
                {/* wraps between words; a word longer than the column (a URL) breaks as a last resort */}
                <td className="min-w-24 py-1 [overflow-wrap:anywhere] text-zinc-700 sm:min-w-40">
                  {r.error || r.message}
                  {Array.isArray(r.artifacts) && r.artifacts.length > 0 && <ArtifactLinks artifacts={r.artifacts} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        pageIndex={pageIndex}
        pageSize={pageSize}
        total={history.data?.total ?? 0}
        pageSizeOptions={[50, 100, 200]}
        onPageChange={setPageIndex}
        onPageSizeChange={(n) => {
          setPageSize(n);
          setPageIndex(0);
        }}
      />
    </div>
  );
}
