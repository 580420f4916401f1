/** Number formatting shared by cells and panels. */
const fmt = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export function formatNumber(value: unknown, unit?: string, precision?: number): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return value === null || value === undefined ? '' : String(value);
  const text =
    precision === undefined ? fmt.format(n) : n.toLocaleString(undefined, { maximumFractionDigits: precision });
  return unit ? `${text} ${unit}` : text;
}

export function formatBytes(value: unknown): string {
  let n = Number(value);
  if (!Number.isFinite(n)) return '';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (Math.abs(n) >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${fmt.format(n)} ${units[i]}`;
}

/** Milliseconds as `1h 2m`, `3.5s`. */
export function formatDuration(value: unknown): string {
  const ms = Number(value);
  if (!Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${fmt.format(ms / 1000)}s`;
  const parts: string[] = [];
  let rest = Math.floor(ms / 1000);
  for (const [size, label] of [
    [86400, 'd'],
    [3600, 'h'],
    [60, 'm'],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${label}`);
      rest %= size;
    }
  }
  if (rest && parts.length < 2) parts.push(`${rest}s`);
  return parts.join(' ');
}

/** Colours for series and slices, and for health words. */
export const PALETTE = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];
export const HEALTH_COLORS: Record<string, string> = {
  healthy: '#16a34a',
  unhealthy: '#dc2626',
  warning: '#f59e0b',
  unknown: '#a1a1aa',
};
export const colorFor = (label: string, i: number, given?: Record<string, string>) =>
  given?.[label] ?? HEALTH_COLORS[label.toLowerCase()] ?? PALETTE[i % PALETTE.length] ?? '#2563eb';

/** Label and value of a panel row: `label`/`value` columns, else the first text and first number. */
export function labelValue(row: Record<string, unknown>): { label: string; value: number } {
  const entries = Object.entries(row);
  const value = 'value' in row ? Number(row.value) : Number(entries.find(([, v]) => typeof v === 'number')?.[1] ?? 0);
  const label =
    'label' in row
      ? String(row.label ?? '')
      : String(entries.find(([k, v]) => typeof v === 'string' && k !== 'value')?.[1] ?? '');
  return { label, value: Number.isFinite(value) ? value : 0 };
}

/** `updated_at` -> `Updated at`. */
export function columnTitle(name: string): string {
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
