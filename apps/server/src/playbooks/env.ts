import type { Executor } from '../events/queue.js';
import { renderTemplate } from '../expr/index.js';
import './tables.js';
import '../topology/tables.js';

/**
 * The template env of a run (reference `playbook/actions/actions.go`): `config`, `component`,
 * `check`, `playbook`, `run`, `params`, `env`, `user`, `request`, plus `actions` (each earlier
 * action by name: `{status, result, error}`) and `action` (the one being run).
 */

export interface RunTargets {
  config_id?: string | null;
  check_id?: string | null;
  component_id?: string | null;
}

/** The run's resource rows, as templates and CEL see them. */
export async function loadTargets(db: Executor, t: RunTargets): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (t.config_id) {
    const c = await db
      .selectFrom('config_items')
      .select(['id', 'name', 'type', 'config_class', 'status', 'health', 'labels', 'tags', 'config', 'description'])
      .where('id', '=', t.config_id)
      .executeTakeFirst();
    if (c) out.config = c;
  }
  if (t.check_id) {
    const c = await db
      .selectFrom('checks')
      .select(['id', 'name', 'namespace', 'type', 'labels', 'status', 'canary_id', 'description'])
      .where('id', '=', t.check_id)
      .executeTakeFirst();
    if (c) out.check = c;
  }
  if (t.component_id) {
    const c = await db
      .selectFrom('components')
      .select(['id', 'name', 'type', 'namespace', 'labels', 'status', 'health', 'status_reason', 'topology_id', 'path'])
      .where('id', '=', t.component_id)
      .executeTakeFirst();
    out.component = c ?? { id: t.component_id };
  }
  return out;
}

/** The person who started the run. */
export async function loadUser(
  db: Executor,
  id: string | null | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (!id) return undefined;
  return db.selectFrom('people').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
}

/** Renders every string holding `{{` inside `value` (objects and arrays walked), leaving the rest. */
export function renderDeep<T>(value: T, env: Record<string, unknown>): T {
  if (typeof value === 'string') return (value.includes('{{') ? renderTemplate(value, env) : value) as T;
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, env)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = renderDeep(v, env);
    return out as T;
  }
  return value;
}
