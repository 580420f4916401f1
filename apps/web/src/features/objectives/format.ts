import type { ObjectiveStatus } from '@opsdeck/schema';

/** A percent for people: up to 3 decimals, trailing zeros dropped ("99.9%", "65.278%"); a dash without data. */
export function formatPercent(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  return `${Number(v.toFixed(3))}%`;
}

/** Minutes for people: "43.2 min", "2 h 5 min", "1 d 3 h". */
export function formatMinutes(m: number): string {
  const sign = m < 0 ? '-' : '';
  const a = Math.abs(m);
  if (a < 60) return `${sign}${Number(a.toFixed(1))} min`;
  if (a < 1440) return `${sign}${Math.floor(a / 60)} h ${Math.round(a % 60)} min`;
  return `${sign}${Math.floor(a / 1440)} d ${Math.round((a % 1440) / 60)} h`;
}

/** Label and colours of a status badge. */
export const STATUS_STYLE: Record<ObjectiveStatus, { label: string; className: string }> = {
  healthy: { label: 'Healthy', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  warning: { label: 'Burning (warning)', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  critical: { label: 'Burning (critical)', className: 'bg-red-50 text-red-700 ring-red-200' },
  exhausted: { label: 'Budget exhausted', className: 'bg-red-100 text-red-800 ring-red-300' },
  nodata: { label: 'No data', className: 'bg-zinc-50 text-zinc-600 ring-zinc-200' },
};
