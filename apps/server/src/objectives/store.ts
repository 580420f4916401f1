import { type ObjectiveSpec, objectiveSpecSchema } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import './tables.js';

/** A live objective with its spec parsed. */
export interface StoredObjective {
  id: string;
  name: string;
  namespace: string;
  description: string;
  spec: ObjectiveSpec;
}

interface ObjectiveRow {
  id: string;
  name: string;
  namespace: string;
  description: string;
  spec: unknown;
}

function parsed(r: ObjectiveRow): StoredObjective | undefined {
  const spec = objectiveSpecSchema.safeParse(typeof r.spec === 'string' ? JSON.parse(r.spec) : r.spec);
  // a row written before a rule changed is left out rather than failing every read
  if (!spec.success) return undefined;
  return {
    id: r.id,
    name: r.name,
    namespace: r.namespace,
    description: r.description || spec.data.description || '',
    spec: spec.data,
  };
}

/** Every live objective, by namespace and name. */
export async function loadObjectives(db: Executor): Promise<StoredObjective[]> {
  const { rows } = await sql<ObjectiveRow>`
    select id, name, namespace, description, spec from service_level_objectives
    where deleted_at is null order by namespace, name`.execute(db);
  return rows.flatMap((r) => parsed(r) ?? []);
}

/** One live objective by id, or undefined. */
export async function loadObjective(db: Executor, id: string): Promise<StoredObjective | undefined> {
  const { rows } = await sql<ObjectiveRow>`
    select id, name, namespace, description, spec from service_level_objectives
    where deleted_at is null and id = ${id}::uuid`.execute(db);
  return rows[0] ? parsed(rows[0]) : undefined;
}

/** The id and name of the live component `idOrName` names (empty when none does). */
export async function componentNames(db: Executor, idOrName: string): Promise<Set<string>> {
  const { rows } = await sql<{ id: string; name: string }>`
    select id, name from components where deleted_at is null and (id::text = ${idOrName} or name = ${idOrName})`.execute(
    db,
  );
  return new Set(rows.flatMap((r) => [r.id, r.name]));
}

/** Whether an objective's indicator reads a component's checks (its `component`, by id or name). */
export function readsComponent(o: StoredObjective, names: Set<string>): boolean {
  const { availability, latency } = o.spec.indicator;
  const component = (latency ?? availability)?.checks.component;
  return component !== undefined && names.has(component);
}
