import type { PlaybookSpec, ResourceSelector } from '@opsdeck/schema';
import { matchesSelector, type Selectable } from '../incidents/rules/selector.js';

/** Which playbooks apply to a resource: the `configs`, `checks` or `components` selectors of the spec. */

export type TargetKind = 'config' | 'check' | 'component';

const SELECTORS: Record<TargetKind, 'configs' | 'checks' | 'components'> = {
  config: 'configs',
  check: 'checks',
  component: 'components',
};

function labelsOf(...maps: unknown[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of maps) {
    if (!m || typeof m !== 'object') continue;
    for (const [k, v] of Object.entries(m as Record<string, unknown>))
      if (v !== null && v !== undefined) out[k] = String(v);
  }
  return out;
}

/** A config item or check row as the selectors see it. */
export function selectable(kind: TargetKind, row: Record<string, unknown>): Selectable {
  const labels = labelsOf(row.tags, row.labels);
  return {
    id: String(row.id),
    name: String(row.name ?? ''),
    namespace: (row.namespace as string | null | undefined) ?? labels.namespace ?? null,
    type: String(row.type ?? (kind === 'component' ? '' : '')),
    labels,
  };
}

/** Whether the playbook applies to `item` of `kind` (some selector of that kind matches). */
export function appliesTo(spec: PlaybookSpec, kind: TargetKind, item: Selectable): boolean {
  const selectors = (spec[SELECTORS[kind]] ?? []) as ResourceSelector[];
  return selectors.some((s) => matchesSelector(s, item));
}
