import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/errors.js';
import { DateTime } from '../../ui/DateTime.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { catalogQueries } from './api.js';
import { ChangeModal } from './ChangeModal.js';
import { ChangesTimeline } from './ChangesTimeline.js';

const WINDOWS = ['1h', '6h', '24h', '3d', '7d'];

/**
 * "What changed before it broke": changes of the config items linked to a check (and of the
 * items one hop from them) in the window before it failed, newest first; each opens its diff.
 */
export function ChangesBeforeFailure({ checkId }: { checkId: string }) {
  const [window, setWindow] = useState('24h');
  const [open, setOpen] = useState<string | null>(null);
  const changes = useQuery(catalogQueries.checkChanges(checkId, window));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-700">
        <label className="flex items-center gap-1.5">
          Changes in the
          <select
            aria-label="Window before the failure"
            value={window}
            onChange={(e) => setWindow(e.target.value)}
            className="h-8 rounded-md border border-zinc-300 bg-white px-2"
          >
            {WINDOWS.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
          before the check failed
        </label>
        {changes.data?.failed_at && (
          <span className="text-xs text-zinc-500">
            (failed at <DateTime date={changes.data.failed_at} />)
          </span>
        )}
      </div>
      {changes.isLoading && <LoadingBlock />}
      {changes.error && <EmptyState message={errorMessage(changes.error)} />}
      {changes.data && !changes.data.failed_at && <EmptyState message="This check has not failed" />}
      {changes.data?.failed_at && (
        <ChangesTimeline label="Changes before the failure" changes={changes.data.changes} onOpen={setOpen} showItem />
      )}
      <ChangeModal changeId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
