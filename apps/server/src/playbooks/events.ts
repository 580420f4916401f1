import type { PlaybookSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { EventHandler } from '../events/consumer.js';
import type { QueuedEvent } from '../events/queue.js';
import { evaluateCel } from '../expr/index.js';
import { loadTargets, type RunTargets } from './env.js';
import { startRun } from './runs.js';

/**
 * Event triggers (`on.canary|config|component[{event, labels, filter}]`): the copies
 * `playbook.check.*`, `playbook.config.*` and `playbook.component.*` of the domain events (made by
 * migrations 151/200 while some playbook declares such a trigger) start a run of every playbook
 * whose trigger lists the event, whose labels match the resource's labels (a comma list is any
 * of) and whose CEL filter passes, with the resource as the run's target.
 */

type TriggerClass = 'canary' | 'config' | 'component';

/** Event class, the run target column and the template variable of each copied event prefix. */
const CLASSES: Record<string, { on: TriggerClass; target: keyof RunTargets; env: 'check' | 'config' | 'component' }> = {
  check: { on: 'canary', target: 'check_id', env: 'check' },
  config: { on: 'config', target: 'config_id', env: 'config' },
  component: { on: 'component', target: 'component_id', env: 'component' },
};

export const PLAYBOOK_TRIGGER_EVENTS = [
  ...['passed', 'failed'].map((e) => `playbook.check.${e}`),
  ...['created', 'updated', 'deleted', 'changed', 'healthy', 'unhealthy', 'warning', 'unknown', 'degraded'].map(
    (e) => `playbook.config.${e}`,
  ),
  ...['healthy', 'unhealthy', 'warning', 'unknown'].map((e) => `playbook.component.${e}`),
];

export function labelsMatch(want: Record<string, string> | undefined, have: Record<string, unknown>): boolean {
  for (const [k, v] of Object.entries(want ?? {})) {
    const actual = have[k];
    if (
      actual === undefined ||
      !v
        .split(',')
        .map((s) => s.trim())
        .includes(String(actual))
    )
      return false;
  }
  return true;
}

/** The resource's labels as triggers match them (a config item's tags and labels alike). */
function labelsOf(resource: Record<string, unknown>): Record<string, unknown> {
  const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  return { ...obj(resource.tags), ...obj(resource.labels) };
}

export function playbookEventHandler(ctx: AppContext, log?: { warn(obj: unknown, msg?: string): void }): EventHandler {
  return {
    name: 'playbook triggers',
    events: PLAYBOOK_TRIGGER_EVENTS,
    async handle(event: QueuedEvent) {
      const [, prefix = '', kind = ''] = event.name.split('.');
      const cls = CLASSES[prefix];
      const id = String(event.properties.id ?? '');
      if (!cls || !id) return;
      const { rows } = await sql<{ id: string; spec: PlaybookSpec }>`
        select id, spec from playbooks
        where deleted_at is null and jsonb_array_length(coalesce(spec->'on'->${cls.on}, '[]'::jsonb)) > 0`.execute(
        ctx.db.kysely,
      );
      if (!rows.length) return;
      const env = await loadTargets(ctx.db.kysely, { [cls.target]: id });
      // a deleted item may be gone by now: the event's own description stands in
      const resource =
        (env[cls.env] as Record<string, unknown> | undefined) ?? (cls.on === 'canary' ? undefined : event.properties);
      if (!resource) return;
      const labels = labelsOf(resource);
      for (const p of rows) {
        const triggers = (p.spec.on?.[cls.on] ?? []).filter((t) => t.event === kind && labelsMatch(t.labels, labels));
        const fire = triggers.some((t) => {
          if (!t.filter) return true;
          try {
            return (
              evaluateCel(t.filter, { [cls.env]: resource, event: { name: kind, properties: event.properties } }) ===
              true
            );
          } catch (err) {
            log?.warn({ err, playbook: p.id }, 'playbook trigger filter failed');
            return false;
          }
        });
        if (!fire) continue;
        try {
          await startRun(ctx, null, { id: p.id, [cls.target]: id });
        } catch (err) {
          log?.warn({ err, playbook: p.id, [cls.target]: id }, 'playbook trigger could not start a run');
        }
      }
    },
  };
}
