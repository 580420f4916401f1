/**
 * A config item's `properties` (set by the scraper) as the
 * item page shows them: text, a value in its unit (bytes, millicores, milliseconds, percent, or
 * any other unit written after the number), `x of max` with the share used, and links.
 */
export interface PropertyLink {
  url?: string;
  label?: string;
  text?: string;
  tooltip?: string;
}

export interface ConfigProperty {
  name: string;
  label?: string;
  text?: string;
  value?: number;
  unit?: string;
  max?: number;
  type?: string;
  color?: string;
  tooltip?: string;
  icon?: string;
  hidden?: boolean;
  order?: number;
  links?: PropertyLink[];
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

const trim = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));

/** `value` in `unit`, readable: 536870912 bytes is 512 MiB, 1500 millicores 1.5 cores. */
export function formatValue(value: number, unit?: string): string {
  const u = unit?.toLowerCase();
  if (u === 'bytes' || u === 'byte') {
    let v = value;
    let i = 0;
    while (Math.abs(v) >= 1024 && i < BYTE_UNITS.length - 1) {
      v /= 1024;
      i++;
    }
    return `${trim(v)} ${BYTE_UNITS[i]}`;
  }
  if (u === 'millicores' || u === 'millicore')
    return Math.abs(value) < 1000 ? `${trim(value)}m` : `${trim(value / 1000)} cores`;
  if (u === 'milliseconds' || u === 'ms')
    return Math.abs(value) < 1000 ? `${trim(value)} ms` : `${trim(value / 1000)} s`;
  if (u === 'percent' || u === '%') return `${trim(value)}%`;
  return unit ? `${trim(value)} ${unit}` : trim(value);
}

/** What a property reads as: its text, or its value in its unit (and `of max`). */
export function propertyDisplay(p: ConfigProperty): string {
  if (p.text !== undefined && p.text !== null && p.text !== '') return String(p.text);
  if (typeof p.value !== 'number') return '';
  const v = formatValue(p.value, p.unit);
  return typeof p.max === 'number' && p.max > 0 ? `${v} of ${formatValue(p.max, p.unit)}` : v;
}

/** The share of `max` used, in percent; undefined without a max. */
export function usedShare(p: ConfigProperty): number | undefined {
  if (typeof p.value !== 'number' || typeof p.max !== 'number' || p.max <= 0) return undefined;
  return Math.round((p.value / p.max) * 100);
}

/** A link target the page may open: http(s) and mailto only (a `javascript:` url stays text). */
export function safeUrl(url: unknown): string | undefined {
  return typeof url === 'string' && /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : undefined;
}

/** The properties to show, in their `order` (then as written); hidden and empty ones left out. */
export function visibleProperties(raw: unknown): ConfigProperty[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((p): p is ConfigProperty => !!p && typeof p === 'object' && typeof (p as ConfigProperty).name === 'string')
    .filter((p) => !p.hidden && (propertyDisplay(p) !== '' || (p.links?.length ?? 0) > 0))
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.order ?? 0) - (b.p.order ?? 0) || a.i - b.i)
    .map(({ p }) => p);
}
