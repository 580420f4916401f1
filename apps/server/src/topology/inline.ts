import { type CanaryResource, canarySchedule } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Executor } from '../events/queue.js';
import { saveCanary } from '../health/index.js';

/**
 * Inline checks of components (`checks: [{inline: <Canary spec>}]`): each becomes a canary of its
 * own, named `component-<component id>-<n>` (source `component/<id>`, so Settings links to the component), run by the check scheduler like any
 * other; linkComponents links its checks to the component.
 */

/** The name of the canary holding the n-th inline check list of a component. */
export function inlineCanaryName(componentId: string, n: number): string {
  return `component-${componentId}-${n}`;
}

/** Saves the inline canaries of the live components of a topology; answers how many. */
export async function saveInlineCanaries(db: Executor, topologyId: string, clock: Clock): Promise<number> {
  const { rows } = await sql<{ id: string; namespace: string | null; component_checks: Array<{ inline?: unknown }> }>`
    select id, namespace, component_checks from components
    where topology_id = ${topologyId} and deleted_at is null and component_checks is not null`.execute(db);
  let saved = 0;
  for (const c of rows) {
    const inline = (c.component_checks ?? []).filter((k) => k.inline);
    for (const [n, k] of inline.entries()) {
      const spec = k.inline as CanaryResource['spec'];
      const canary: CanaryResource = {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: inlineCanaryName(c.id, n), namespace: c.namespace ?? 'default' },
        spec: { ...spec, schedule: canarySchedule(spec) },
      };
      await saveCanary(db, canary, { source: `component/${c.id}`, clock });
      saved++;
    }
  }
  return saved;
}
