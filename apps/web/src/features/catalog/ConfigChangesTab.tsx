import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/errors.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { catalogQueries } from './api.js';
import { ChangeModal } from './ChangeModal.js';
import { ChangesTimeline } from './ChangesTimeline.js';

/** The Changes tab: the item's changes as a timeline (optionally with related items'), each opening its diff. */
export function ConfigChangesTab({ configId }: { configId: string }) {
  const [recursive, setRecursive] = useState<'none' | 'downstream' | 'upstream' | 'all'>('none');
  const [open, setOpen] = useState<string | null>(null);
  const changes = useQuery(
    catalogQueries.changes({ id: configId, recursive, depth: 5, soft: true, from: '', page_size: 200 }),
  );
  return (
    <div className="flex flex-col gap-3">
      <label className="flex items-center gap-1.5 text-sm text-zinc-700">
        Include changes of
        <select
          aria-label="Include related changes"
          value={recursive}
          onChange={(e) => setRecursive(e.target.value as typeof recursive)}
          className="h-8 rounded-md border border-zinc-300 bg-white px-2"
        >
          <option value="none">this item only</option>
          <option value="downstream">what it leads to (depth 5)</option>
          <option value="upstream">what leads to it (depth 5)</option>
          <option value="all">both directions (depth 5)</option>
        </select>
      </label>
      {changes.isLoading && <LoadingBlock />}
      {changes.error && <EmptyState message={errorMessage(changes.error)} />}
      {changes.data && (
        <ChangesTimeline changes={changes.data.changes} onOpen={setOpen} showItem={recursive !== 'none'} />
      )}
      <ChangeModal changeId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
