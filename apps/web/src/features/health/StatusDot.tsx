import { cx } from '../../ui/cx.js';
import { type DotColor, type GroupStatus, statusColor } from './utils.js';

const COLORS: Record<DotColor, string> = {
  green: 'bg-emerald-500',
  red: 'bg-red-500',
  grey: 'bg-zinc-400',
  orange: 'bg-orange-400',
};

/** A check's health as a coloured dot, with the status as its accessible name. */
export function StatusDot({ status, className }: { status: string | null | undefined; className?: string }) {
  const label = status ?? 'unknown';
  const color = statusColor(label);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-color={color}
      className={cx('inline-block h-2.5 w-2.5 shrink-0 rounded-full', COLORS[color], className)}
    />
  );
}

const GROUP: Record<string, DotColor> = { good: 'green', mixed: 'orange', bad: 'red', unknown: 'grey' };

/** A group's rolled-up status: good, mixed, bad, or unknown when none of its checks has run. */
export function GroupDot({ status }: { status: GroupStatus }) {
  const color = GROUP[status] as DotColor;
  return (
    <span
      role="img"
      aria-label={status}
      title={status}
      data-color={color}
      className={cx('inline-block h-2.5 w-2.5 shrink-0 rounded-full', COLORS[color])}
    />
  );
}
