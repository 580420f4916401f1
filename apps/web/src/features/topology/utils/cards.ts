import type { ComponentNode } from '../api.js';

/** Card width slider bounds (250 to 768, step 2) and the stored default (554px). */
export const CARD_WIDTH = { min: 250, max: 768, step: 2, fallback: 554 } as const;

/** localStorage key of the card width (topology_card_width). */
export const CARD_WIDTH_KEY = 'topology_card_width';

/** The width to use from a stored value (`554px` or a number), clamped to the slider and its step. */
export function cardWidth(stored: unknown): number {
  const n = typeof stored === 'number' ? stored : Number.parseInt(String(stored ?? ''), 10);
  if (!Number.isFinite(n)) return CARD_WIDTH.fallback;
  const clamped = Math.min(CARD_WIDTH.max, Math.max(CARD_WIDTH.min, n));
  return clamped - ((clamped - CARD_WIDTH.min) % CARD_WIDTH.step);
}

/** One label's state in the tri-state filter: include (1) or exclude (-1). */
export type LabelFilter = Record<string, 1 | -1>;

/** `env=prod:1,team=a:-1` (the URL form) into its map; malformed terms are dropped. */
export function parseLabelFilter(text: string | null): LabelFilter {
  const out: LabelFilter = {};
  for (const term of (text ?? '').split(',')) {
    const at = term.lastIndexOf(':');
    const pair = at > 0 ? term.slice(0, at) : term;
    const state = at > 0 ? term.slice(at + 1) : '1';
    if (!pair.includes('=')) continue;
    if (state === '1' || state === '-1') out[pair] = Number(state) as 1 | -1;
  }
  return out;
}

export function formatLabelFilter(f: LabelFilter): string {
  return Object.entries(f)
    .map(([pair, state]) => `${pair}:${state}`)
    .join(',');
}

/** The included pairs, as the API's `labels` parameter. */
export function includedLabels(f: LabelFilter): string {
  return Object.entries(f)
    .filter(([, s]) => s === 1)
    .map(([p]) => p)
    .join(',');
}

/** Whether a component passes the excluded pairs (included ones are filtered by the server). */
export function passesExcluded(c: Pick<ComponentNode, 'labels'>, f: LabelFilter): boolean {
  for (const [pair, state] of Object.entries(f)) {
    if (state !== -1) continue;
    const eq = pair.indexOf('=');
    if (c.labels?.[pair.slice(0, eq)] === pair.slice(eq + 1)) return false;
  }
  return true;
}

const HEALTH_RANK: Record<string, number> = { unhealthy: 3, warning: 2, unknown: 1, healthy: 0 };

export type SortBy = 'status' | 'name' | 'type' | 'updated_at';

/** Cards in the chosen order; `status` puts the worst health first (desc) or last (asc). */
export function sortComponents(list: ComponentNode[], by: SortBy, order: 'asc' | 'desc'): ComponentNode[] {
  const key = (c: ComponentNode): string | number => {
    if (by === 'status') return HEALTH_RANK[c.health ?? 'unknown'] ?? 1;
    if (by === 'updated_at') return c.updated_at;
    return (by === 'name' ? (c.text ?? c.name) : (c.type ?? '')).toLowerCase();
  };
  const sign = order === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return a.name.localeCompare(b.name);
    return x < y ? -sign : sign;
  });
}

/** A property's display text: its text, or its value with unit and `of max`. */
export function propertyText(p: { text?: string; value?: number; unit?: string; max?: number }): string {
  if (p.text) return p.text;
  if (p.value === undefined) return '';
  const unit = p.unit === 'percent' ? '%' : p.unit ? ` ${p.unit}` : '';
  const base = `${p.value}${unit}`;
  return p.max ? `${base} of ${p.max}${unit}` : base;
}
