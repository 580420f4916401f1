import { objectSelectorProblem } from '@opsdeck/schema/permissions';
import { sql } from 'kysely';
import { badRequest, forbidden } from '../errors.js';
import { grantRefusal } from '../rbac/grants.js';
import type { ApplyScope } from './kind.js';
import './tables.js';

/** A reference to a Scope as a Permission's `object.scopes` writes it. */
export interface ScopeRef {
  id?: string | undefined;
  name?: string | undefined;
  namespace?: string | undefined;
}

/** A Permission's `spec.object` as applied: selectors by kind and the Scopes it names. */
export type AppliedObject = Record<string, unknown[] | undefined> & { scopes?: ScopeRef[] | undefined };

/**
 * The object selector a permission row stores: the object's own selectors plus the targets of
 * every Scope it names (a Scope in `namespace` unless the reference names another namespace). Throws a 400
 * naming the path when a Scope is missing or the result is no valid selector.
 */
export async function expandObject(scope: ApplyScope, object: AppliedObject, namespace: string) {
  const { scopes, ...selectors } = object;
  const merged: Record<string, unknown[]> = {};
  for (const [kind, list] of Object.entries(selectors)) if (list) merged[kind] = [...list];
  for (const [i, r] of (scopes ?? []).entries()) {
    const q = scope.trx.selectFrom('scopes').select('selectors').where('deleted_at', 'is', null);
    const row = await (r.id
      ? q.where('id', '=', r.id)
      : q.where('name', '=', r.name ?? '').where('namespace', '=', r.namespace ?? namespace)
    ).executeTakeFirst();
    if (!row) throw badRequest(`spec.object.scopes[${i}]: no Scope ${r.id ?? `${r.namespace ?? namespace}/${r.name}`}`);
    for (const [kind, list] of Object.entries(row.selectors as Record<string, unknown[]>))
      merged[kind] = [...(merged[kind] ?? []), ...list];
  }
  const clean = JSON.parse(JSON.stringify(merged)) as Record<string, unknown>;
  const problem = objectSelectorProblem(clean);
  if (problem) throw badRequest(`spec.${problem.replace(/^object_selector/, 'object')}`);
  return clean;
}

/** Live permission rows whose applied object names the Scope `namespace/name` (or its id). */
async function namingPermissions(scope: ApplyScope, id: string, namespace: string, name: string) {
  const { rows } = await sql<{ id: string; namespace: string; applied_object: AppliedObject }>`
    select id::text as id, namespace, applied_object from permissions
    where deleted_at is null and applied_object ? 'scopes'
      and exists (
        select 1 from jsonb_array_elements(applied_object -> 'scopes') r
        where r ->> 'id' = ${id}
           or (r ->> 'name' = ${name} and coalesce(r ->> 'namespace', permissions.namespace) = ${namespace}))`.execute(
    scope.trx,
  );
  return rows;
}

/** After a Scope changed: the permissions naming it cover its new targets. */
export async function reexpandScope(scope: ApplyScope, id: string, namespace: string, name: string): Promise<void> {
  for (const p of await namingPermissions(scope, id, namespace, name)) {
    const selector = await expandObject(scope, p.applied_object, p.namespace);
    const changed = await scope.trx
      .updateTable('permissions')
      .set({ object_selector: JSON.stringify(selector) })
      .where('id', '=', p.id)
      .where(sql<boolean>`object_selector is distinct from ${JSON.stringify(selector)}::jsonb`)
      .returningAll()
      .executeTakeFirst();
    // changing a Scope changes what its permissions grant: only as far as the caller could grant
    const refusal = changed && scope.subject ? grantRefusal(scope.subject, changed) : undefined;
    if (refusal) throw forbidden(`permission ${p.id} names this Scope: ${refusal}`);
  }
}

/** Refuses to remove a Scope that live permissions still name (they would cover nothing known). */
export async function requireUnnamed(scope: ApplyScope, id: string, namespace: string, name: string): Promise<void> {
  const naming = await namingPermissions(scope, id, namespace, name);
  if (naming.length)
    throw badRequest(
      `Scope ${namespace}/${name} is named by ${naming.length} permission(s): delete or change them first (or in the same file)`,
    );
}
