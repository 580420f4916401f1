import { cx } from '../../ui/cx.js';
import type { Health } from './types.js';

const HEALTH_CLASS: Record<string, string> = {
  healthy: 'bg-emerald-500',
  unhealthy: 'bg-red-500',
  warning: 'bg-amber-500',
  unknown: 'bg-zinc-300',
};

/** A config item's health as a coloured dot with its name for screen readers. */
export function HealthDot({ health }: { health: Health | string | null | undefined }) {
  const h = health ?? 'unknown';
  return (
    <span
      role="img"
      aria-label={h}
      title={h}
      className={cx('inline-block h-2.5 w-2.5 shrink-0 rounded-full', HEALTH_CLASS[h] ?? 'bg-zinc-300')}
    />
  );
}

const SEVERITY_CLASS: Record<string, string> = {
  critical: 'bg-red-100 text-red-800',
  blocker: 'bg-red-100 text-red-800',
  high: 'bg-orange-100 text-orange-800',
  medium: 'bg-amber-100 text-amber-800',
  warning: 'bg-amber-100 text-amber-800',
  low: 'bg-sky-100 text-sky-800',
  info: 'bg-zinc-100 text-zinc-700',
};

/** A change or insight severity. */
export function SeverityBadge({ severity }: { severity: string | null | undefined }) {
  if (!severity) return null;
  return (
    <span className={cx('rounded px-1.5 py-0.5 text-xs font-medium', SEVERITY_CLASS[severity] ?? 'bg-zinc-100')}>
      {severity}
    </span>
  );
}

/** Key/value tags or labels as small chips. */
export function TagList({ tags, max = 4 }: { tags: Record<string, string> | null | undefined; max?: number }) {
  const entries = Object.entries(tags ?? {});
  if (!entries.length) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {entries.slice(0, max).map(([k, v]) => (
        <span key={k} className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700">
          {k}: {v}
        </span>
      ))}
      {entries.length > max && <span className="text-xs text-zinc-500">+{entries.length - max}</span>}
    </span>
  );
}
