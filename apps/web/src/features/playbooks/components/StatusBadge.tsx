import { cx } from '../../../ui/cx.js';
import { statusLabel, statusTone } from '../utils/status.js';

/** A run or action status as a coloured pill. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', statusTone(status))}>
      {statusLabel(status)}
    </span>
  );
}
