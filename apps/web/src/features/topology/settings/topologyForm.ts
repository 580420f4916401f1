import { canaryIssues, topologySpecSchema } from '@opsdeck/schema';
import { parse } from 'yaml';
import type { YamlCheck } from '../../settings/resources/types.js';

/** A starting spec for Add Topology (Add Integration > Custom Topology). */
export const NEW_SPEC = `schedule: "@every 5m"
components:
  - name: example
    type: service
    status: healthy
`;

const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/i;

/** The form's problems by field (name); empty when it can be saved. */
export function topologyFieldErrors(values: Record<string, unknown>): Record<string, string> {
  const name = String(values.name ?? '').trim();
  if (!name) return { name: 'This field is required' };
  if (!NAME.test(name)) return { name: 'Letters, digits, dots or dashes' };
  return {};
}

/** The YAML (`labels:` and `spec:`) checked with the shared Topology schema, problems by path. */
export function checkTopologyYaml(doc: unknown): YamlCheck {
  const values = (doc ?? {}) as { labels?: unknown; spec?: unknown };
  const issues: Array<{ path: string; message: string }> = [];
  if (values.spec === null || values.spec === undefined)
    issues.push({ path: 'spec', message: 'This field is required' });
  else {
    const parsed = topologySpecSchema.safeParse(values.spec);
    if (!parsed.success) issues.push(...canaryIssues(parsed.error).map((i) => ({ ...i, path: `spec.${i.path}` })));
  }
  const labels = values.labels;
  if (
    labels !== null &&
    labels !== undefined &&
    (typeof labels !== 'object' || Array.isArray(labels) || Object.values(labels).some((v) => typeof v !== 'string'))
  )
    issues.push({ path: 'labels', message: 'expected a map of text values' });
  return issues.length ? { ok: false, issues } : { ok: true, value: doc };
}

/** The spec a new topology starts from. */
export function newTopologySpec(): Record<string, unknown> {
  return parse(NEW_SPEC) as Record<string, unknown>;
}
