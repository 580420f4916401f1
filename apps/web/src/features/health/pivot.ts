import type { CheckSummary } from './types.js';
import { type GroupStatus, groupStatus, groupValue } from './utils.js';

// The pivot view of the health page (URL parameters pivotBy, pivotLabel and pivotCellType): a
// matrix whose rows are the current grouping (groupBy, or the check name with no-group), whose
// columns are the distinct values of pivotBy (a label key chosen with pivotLabel when pivotBy is
// `label`), and whose cells list the checks at each intersection as status dots, uptime or latency.

/** What the columns of the pivot are, in the order the toolbar offers them. */
export const PIVOT_BY = [
  ['type', 'Type'],
  ['namespace', 'Namespace'],
  ['canary_name', 'Canary'],
  ['agent', 'Agent'],
  ['label', 'Label'],
] as const;
export type PivotBy = (typeof PIVOT_BY)[number][0];
export const isPivotBy = (v: string | null): v is PivotBy => PIVOT_BY.some(([k]) => k === v);

/** How a check shows in a cell: its status dot (the default), its uptime or its p99 latency. */
export const PIVOT_CELL_TYPES = [
  ['status', 'Status'],
  ['uptime', 'Uptime'],
  ['latency', 'Latency'],
] as const;
export type PivotCellType = (typeof PIVOT_CELL_TYPES)[number][0];
export const isPivotCellType = (v: string | null): v is PivotCellType => PIVOT_CELL_TYPES.some(([k]) => k === v);

/** At most this many columns; the least populated values beyond it share one 'Other' column. */
export const MAX_PIVOT_COLUMNS = 30;

/** The value a check is pivoted on; undefined when it has none (the '(none)' column). */
export function pivotValue(c: CheckSummary, pivotBy: PivotBy, pivotLabel: string): string | undefined {
  switch (pivotBy) {
    case 'type':
      return c.type;
    case 'namespace':
      return c.namespace ?? undefined;
    case 'canary_name':
      return c.canary_name;
    case 'agent':
      return c.agent_id;
    case 'label':
      return pivotLabel ? c.labels?.[pivotLabel] : undefined;
  }
}

export interface PivotColumn {
  /** The value, or null for the '(none)' and 'Other' columns. */
  value: string | null;
  label: string;
  kind: 'value' | 'none' | 'other';
  count: number;
}

export interface PivotRow {
  key: string;
  status: GroupStatus;
  count: number;
  /** The checks of each column, aligned with `columns`; undefined where there are none. */
  cells: Array<CheckSummary[] | undefined>;
}

export interface Pivot {
  columns: PivotColumn[];
  rows: PivotRow[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Builds the matrix in two passes over the checks. Rows and columns are sorted by value, naturally
 * (ns-2 before ns-10), with the rows and columns of checks that have no value last; within a cell
 * the checks keep the page's sort.
 */
export function pivotChecks(
  checks: readonly CheckSummary[],
  opts: { groupBy: string; pivotBy: PivotBy; pivotLabel: string; maxColumns?: number },
): Pivot {
  const max = Math.max(3, opts.maxColumns ?? MAX_PIVOT_COLUMNS);
  const counts = new Map<string, number>();
  let none = 0;
  for (const c of checks) {
    const v = pivotValue(c, opts.pivotBy, opts.pivotLabel);
    if (v === undefined || v === '') none++;
    else counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  let kept = [...counts.keys()];
  let other = 0;
  const slots = none > 0 ? max - 1 : max;
  if (kept.length > slots) {
    kept.sort((a, b) => (counts.get(b) as number) - (counts.get(a) as number) || collator.compare(a, b));
    for (const v of kept.slice(Math.max(0, slots - 1))) other += counts.get(v) as number;
    kept = kept.slice(0, Math.max(0, slots - 1));
  }
  kept.sort(collator.compare);
  const columns: PivotColumn[] = kept.map((v) => ({
    value: v,
    label: v,
    kind: 'value',
    count: counts.get(v) as number,
  }));
  if (other > 0) columns.push({ value: null, label: 'Other', kind: 'other', count: other });
  if (none > 0) columns.push({ value: null, label: '(none)', kind: 'none', count: none });
  const index = new Map(kept.map((v, i) => [v, i]));
  const otherAt = columns.findIndex((c) => c.kind === 'other');
  const noneAt = columns.findIndex((c) => c.kind === 'none');

  const rows = new Map<string, { key: string; checks: CheckSummary[]; cells: Array<CheckSummary[] | undefined> }>();
  for (const c of checks) {
    const key = opts.groupBy === 'no-group' ? c.name : groupValue(c, opts.groupBy);
    let row = rows.get(key);
    if (!row) {
      row = { key, checks: [], cells: new Array(columns.length) };
      rows.set(key, row);
    }
    row.checks.push(c);
    const v = pivotValue(c, opts.pivotBy, opts.pivotLabel);
    const at = v === undefined || v === '' ? noneAt : (index.get(v) ?? otherAt);
    const cell = row.cells[at];
    if (cell) cell.push(c);
    else row.cells[at] = [c];
  }
  const sorted = [...rows.values()].sort((a, b) =>
    a.key === '' || b.key === '' ? (a.key === '' ? 1 : 0) - (b.key === '' ? 1 : 0) : collator.compare(a.key, b.key),
  );
  return {
    columns,
    rows: sorted.map((r) => ({
      key: r.key,
      status: groupStatus(r.checks),
      count: r.checks.length,
      cells: r.cells,
    })),
  };
}
