import { cx } from '../../../ui/cx.js';
import { statusLabel, statusTone } from '../utils/statuses.js';

const TONES = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  grey: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20',
} as const;

/** A small coloured pill; `tone` picks the colour. */
export function Pill({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

/** The status of a send, coloured by what it means for the person waiting for it. */
export function StatusBadge({ status }: { status: string }) {
  return <Pill tone={statusTone(status)}>{statusLabel(status)}</Pill>;
}
