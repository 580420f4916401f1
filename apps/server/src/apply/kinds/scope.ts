import { z } from 'zod';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, unsupported, validator } from '../schema.js';
import { reexpandScope, requireUnnamed } from '../scopeExpansion.js';
import '../tables.js';

const target = z.strictObject({
  agent: z.string().trim().min(1).optional(),
  name: z.string().trim().min(1).optional(),
  tagSelector: z.string().trim().min(1).optional(),
});

const schema = crdSchema(
  'Scope',
  z.strictObject({
    description: z.string().max(2000).optional(),
    targets: z
      .array(
        z
          .strictObject({
            config: target.optional(),
            component: target.optional(),
            playbook: target.optional(),
            '*': target.optional(),
            canary: unsupported(
              'OpsDeck permissions select configs, components, playbooks and connections, not canaries',
            ),
          })
          .refine((t) => [t.config, t.component, t.playbook, t['*']].filter(Boolean).length === 1, {
            message: 'a target names exactly one of config, component, playbook or *',
          }),
      )
      .min(1, 'name at least one target'),
  }),
);
type ScopeResource = z.infer<typeof schema>;

/** A Scope's targets as permission object selectors (OR of targets, AND within one). */
export function scopeTargetSelectors(targets: ScopeResource['spec']['targets']): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const add = (kind: string, t: z.infer<typeof target>) => {
    out[kind] = [...(out[kind] ?? []), JSON.parse(JSON.stringify(t)) as unknown];
  };
  for (const t of targets) {
    if (t.config) add('configs', t.config);
    if (t.component) add('components', t.component);
    if (t.playbook) add('playbooks', t.playbook);
    const all = t['*'];
    if (all) for (const kind of ['configs', 'components', 'playbooks', 'connections']) add(kind, all);
  }
  return out;
}

/**
 * Scope (mission-control.flanksource.com/v1): a named set of objects. A Permission naming it in
 * object.scopes covers those objects: its targets are expanded onto the permission's selectors,
 * again whenever the Scope changes; a Scope still named by a permission is not removed.
 */
export const scopeKind = defineKind<ScopeResource>({
  table: 'scopes',
  validate: validator(schema),
  find: (scope, r) => locate(scope, 'scopes', { name: r.metadata.name, namespace: r.metadata.namespace }),
  async save(scope, r) {
    const values = {
      description: r.spec.description ?? null,
      targets: JSON.stringify(r.spec.targets),
      selectors: JSON.stringify(scopeTargetSelectors(r.spec.targets)),
      source: APPLIED_SOURCE,
    };
    const { name, namespace } = r.metadata;
    const found = await locate(scope, 'scopes', { name, namespace });
    if (found) await scope.trx.updateTable('scopes').set(values).where('id', '=', found).execute();
    const id =
      found ??
      (
        await scope.trx
          .insertInto('scopes')
          .values({ ...values, name, namespace, created_by: scope.author })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // the permissions naming this scope cover its targets as they are now
    await reexpandScope(scope, id, namespace, name);
  },
  async remove(scope, id) {
    const row = await scope.trx
      .selectFrom('scopes')
      .select(['name', 'namespace'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await requireUnnamed(scope, id, row.namespace, row.name);
    await softDelete(scope, 'scopes', id);
  },
});
