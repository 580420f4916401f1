import { DateTime } from '../../ui/DateTime.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { TypeIcon } from '../../ui/icons/TypeIcon.js';
import { SeverityBadge } from './HealthBadge.js';
import type { ChangeRow } from './types.js';

/** Changes as a timeline, newest first; each opens its diff. */
export function ChangesTimeline({
  changes,
  onOpen,
  showItem = false,
  label = 'Changes',
}: {
  changes: ChangeRow[];
  onOpen: (id: string) => void;
  showItem?: boolean;
  label?: string;
}) {
  if (!changes.length) return <EmptyState message="No changes" />;
  return (
    <ol aria-label={label} className="relative ml-2 flex flex-col gap-2 border-l border-zinc-200 pl-4">
      {changes.map((c) => (
        <li key={c.id} className="relative">
          <span
            aria-hidden
            className="absolute top-2.5 -left-[21px] h-2.5 w-2.5 rounded-full bg-indigo-400 ring-2 ring-white"
          />
          <button
            type="button"
            onClick={() => onOpen(c.id)}
            className="flex w-full flex-wrap items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-zinc-50"
          >
            <span className="font-medium text-zinc-900">{c.change_type}</span>
            {showItem && (
              <span className="flex items-center gap-1.5 text-zinc-700">
                <TypeIcon type={c.type} className="h-3.5 w-3.5" />
                {c.name} <span className="text-xs text-zinc-500">{c.type}</span>
              </span>
            )}
            <span className="min-w-0 flex-1 truncate text-zinc-600">{c.summary}</span>
            <SeverityBadge severity={c.severity} />
            {c.count > 1 && <span className="text-xs text-zinc-500">x{c.count}</span>}
            <DateTime date={c.created_at} className="text-xs text-zinc-500" />
          </button>
        </li>
      ))}
    </ol>
  );
}
