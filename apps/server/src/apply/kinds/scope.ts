import { z } from 'zod';
import { APPLIED_SOURCE, defineKind } from '../kind.js';
import { locate, softDelete } from '../locate.js';
import { crdSchema, unsupported, validator } from '../schema.js';
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
 * object.scopes covers those objects (its targets become the permission's selectors when the
 * Permission is applied).
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
    const id = await locate(scope, 'scopes', { name: r.metadata.name, namespace: r.metadata.namespace });
    if (id) await scope.trx.updateTable('scopes').set(values).where('id', '=', id).execute();
    else
      await scope.trx
        .insertInto('scopes')
        .values({ ...values, name: r.metadata.name, namespace: r.metadata.namespace, created_by: scope.author })
        .execute();
  },
  remove: (scope, id) => softDelete(scope, 'scopes', id),
});
