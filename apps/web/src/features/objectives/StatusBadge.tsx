import type { ObjectiveStatus } from '@opsdeck/schema';
import { STATUS_STYLE } from './format.js';

/** How an objective stands, as a small badge. */
export function StatusBadge({ status }: { status: ObjectiveStatus }) {
  const s = STATUS_STYLE[status];
  return (
    <span className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${s.className}`}>
      {s.label}
    </span>
  );
}
