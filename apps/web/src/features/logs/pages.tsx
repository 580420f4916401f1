import { useMemo } from 'react';
import { errorMessage } from '../../api/errors.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { useLocalStorage } from '../../ui/useLocalStorage.js';
import { collapseRepeats } from './collapse.js';
import { LogsTable } from './LogsTable.js';
import { LogsToolbar } from './LogsToolbar.js';
import { useLogsParams } from './useLogsParams.js';
import { useLogsSearch } from './useLogsSearch.js';

/** /logs: a component's logs (its log selectors) or a log backend's, by text and time range. */
export function LogsPage() {
  const [params, update] = useLogsParams();
  const [tail, setTail] = useLocalStorage<boolean>('logsLiveTail', false);
  // identical consecutive lines as one row "×N" (none of the backends can dedupe a page, and
  // here a run spans pages and live tail); off shows every line
  const [collapse, setCollapse] = useLocalStorage<boolean>('logsCollapseRepeats', true);
  const { request, lines, total, canTail, search } = useLogsSearch(params, tail);
  const rows = useMemo(() => (collapse ? collapseRepeats(lines) : lines), [collapse, lines]);
  const toggles = (
    <>
      <label className="flex items-center gap-1.5 text-sm text-zinc-700">
        <input type="checkbox" checked={collapse} onChange={(e) => setCollapse(e.target.checked)} />
        Collapse repeats
      </label>
      {canTail && (
        <label className="flex items-center gap-1.5 text-sm text-zinc-700">
          <input type="checkbox" checked={tail} onChange={(e) => setTail(e.target.checked)} />
          Live tail
        </label>
      )}
    </>
  );
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold text-zinc-900">Logs</h1>
      <LogsToolbar params={params} update={update} tail={toggles} />
      {!request ? (
        <EmptyState message="Please select a component to view the logs" />
      ) : search.isPending ? (
        <LoadingBlock label="Searching logs" />
      ) : search.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {errorMessage(search.error)}
        </p>
      ) : lines.length === 0 ? (
        <EmptyState message="There are no logs matching the search query" />
      ) : (
        <>
          <p className="text-xs text-zinc-500" aria-live="polite">
            {lines.length} of {total} lines
            {rows.length < lines.length ? ` in ${rows.length} rows` : ''}
          </p>
          <LogsTable
            rows={rows}
            term={params.query}
            footer={
              search.hasNextPage ? (
                <div className="flex justify-center p-2">
                  <Button size="sm" onClick={() => search.fetchNextPage()} disabled={search.isFetchingNextPage}>
                    {search.isFetchingNextPage ? 'Loading…' : 'Load older'}
                  </Button>
                </div>
              ) : null
            }
          />
        </>
      )}
    </div>
  );
}
