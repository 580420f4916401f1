import { type CanarySpec, canaryChecks } from '@opsdeck/schema';
import type { RunnableCanary } from './runner.js';

/** A canary row and its stored checks (any order) as the runner takes them: checks in the spec's order. */
export function runnableCanary(
  row: { id: string; name: string; namespace: string; labels: unknown; spec: unknown },
  checks: ReadonlyArray<{ id: string; type: string; name: string; spec: unknown }>,
): RunnableCanary {
  const spec = row.spec as CanarySpec;
  const order = new Map(canaryChecks(spec).map(({ type, check }, i) => [`${type}/${check.name}`, i]));
  const list = [...checks].sort(
    (a, b) => (order.get(`${a.type}/${a.name}`) ?? 0) - (order.get(`${b.type}/${b.name}`) ?? 0),
  );
  return {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    labels: (row.labels as Record<string, string> | null) ?? {},
    retries: spec.retries,
    checks: list.map((c) => ({ id: c.id, type: c.type, name: c.name, spec: c.spec as Record<string, unknown> })),
  };
}
