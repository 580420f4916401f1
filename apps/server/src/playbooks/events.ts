import type { PlaybookSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { EventHandler } from '../events/consumer.js';
import { evaluateCel } from '../expr/index.js';
import type { AppContext } from '../http/context.js';
import { loadTargets } from './env.js';
import { startRun } from './runs.js';

/**
 * Canary event triggers: `playbook.check.passed|failed` (copied from the check events by migration
 * 151) start a run of every playbook whose `on.canary` lists that event, whose labels match the
 * check's labels (a comma list is any of) and whose CEL filter passes, with the check as the
 * run's resource.
 */

function labelsMatch(want: Record<string, string> | undefined, have: Record<string, unknown>): boolean {
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

export function playbookEventHandler(ctx: AppContext, log?: { warn(obj: unknown, msg?: string): void }): EventHandler {
  return {
    name: 'playbook triggers',
    events: ['playbook.check.passed', 'playbook.check.failed'],
    async handle(event) {
      const kind = event.name.endsWith('passed') ? 'passed' : 'failed';
      const checkId = String(event.properties.id ?? '');
      const { rows } = await sql<{ id: string; spec: PlaybookSpec }>`
        select id, spec from playbooks
        where deleted_at is null and jsonb_array_length(coalesce(spec->'on'->'canary', '[]'::jsonb)) > 0`.execute(
        ctx.db.kysely,
      );
      if (!rows.length || !checkId) return;
      const env = await loadTargets(ctx.db.kysely, { check_id: checkId });
      const check = env.check as Record<string, unknown> | undefined;
      if (!check) return;
      const labels = (check.labels ?? {}) as Record<string, unknown>;
      for (const p of rows) {
        const triggers = (p.spec.on?.canary ?? []).filter((t) => t.event === kind && labelsMatch(t.labels, labels));
        const fire = triggers.some((t) => {
          if (!t.filter) return true;
          try {
            return evaluateCel(t.filter, { check, event: { name: kind } }) === true;
          } catch (err) {
            log?.warn({ err, playbook: p.id }, 'playbook trigger filter failed');
            return false;
          }
        });
        if (!fire) continue;
        try {
          await startRun(ctx, null, { id: p.id, check_id: checkId });
        } catch (err) {
          log?.warn({ err, playbook: p.id, check: checkId }, 'playbook trigger could not start a run');
        }
      }
    },
  };
}
