import { isJsonPathField, type KubernetesRelationship, type RelationshipLookup } from '@opsdeck/schema';
import { evaluateCel, queryJsonPath } from '../../../expr/index.js';
import { DEFAULT_RELATION, type ItemRelationship, type RelationshipSelector } from '../../transform/relationship.js';
import { type KubeObject, typeOf } from './kubeObjects.js';

/**
 * The kubernetes scraper's `relationships` templates for one object: each becomes a selector of
 * `Kubernetes::<kind>` items by name (and namespace when the template sets one), resolved like
 * transform.relationship when stored. CEL sees the object's top-level fields (`spec`,
 * `metadata`, ...) and `config` (the whole object); a lookup answering nothing or '' skips
 * the template, so one list of templates can serve kinds that have the field and kinds that do not.
 */

const text = (v: unknown): string | undefined =>
  v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? v : String(v);

function lookup(l: RelationshipLookup, o: KubeObject, vars: Record<string, unknown>): string | undefined {
  if (typeof l === 'string') {
    if (!isJsonPathField(l)) return l;
    const hit = queryJsonPath(l.startsWith('@') ? `$${l.slice(1)}` : l, o);
    return text(Array.isArray(hit) ? hit[0] : hit);
  }
  if (l.value !== undefined) return text(l.value);
  if (l.label !== undefined) return o.metadata?.labels?.[l.label];
  return text(evaluateCel(l.expr as string, vars));
}

export function kubeRelationships(
  o: KubeObject,
  templates: KubernetesRelationship[] | undefined,
): { relationships: ItemRelationship[]; errors: string[] } {
  const relationships: ItemRelationship[] = [];
  const errors: string[] = [];
  if (!templates?.length) return { relationships, errors };
  const vars = { ...o, config: o };
  templates.forEach((t, i) => {
    try {
      const kind = lookup(t.kind, o, vars);
      const name = lookup(t.name, o, vars);
      if (!kind || !name) return;
      const selector: RelationshipSelector = { type: typeOf(kind), name };
      if (t.namespace !== undefined) {
        const namespace = lookup(t.namespace, o, vars);
        if (!namespace) return;
        selector.namespace = namespace;
      }
      relationships.push({ selector, parent: false, relation: DEFAULT_RELATION });
    } catch (err) {
      errors.push(`relationships[${i}]: ${(err as Error).message}`);
    }
  });
  return { relationships, errors };
}

/** When an object was last touched: the newest of its creation, deletion and managed-field times. */
export function lastTouched(o: KubeObject): number | undefined {
  const times: unknown[] = [o.metadata?.creationTimestamp, o.metadata?.deletionTimestamp];
  const managed = o.metadata?.managedFields;
  if (Array.isArray(managed)) for (const f of managed) times.push((f as { time?: unknown })?.time);
  const ms = times
    .map((t) => (t instanceof Date ? t.getTime() : typeof t === 'string' ? Date.parse(t) : Number.NaN))
    .filter((n) => !Number.isNaN(n));
  return ms.length ? Math.max(...ms) : undefined;
}
