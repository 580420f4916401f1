import { topologySpecSchema } from '@opsdeck/schema';
import { parse } from 'yaml';

/** The Topology form (spec part 2): Name, Namespace, Labels, Spec (YAML). */
export interface TopologyDraft {
  name: string;
  namespace: string;
  labels: Record<string, string> | undefined;
  specText: string;
}

/** A starting spec for Add Topology (Add Integration > Custom Topology). */
export const NEW_SPEC = `schedule: "@every 5m"
components:
  - name: example
    type: service
    status: healthy
`;

const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/i;

/** Problems of a draft by field; empty when it can be saved. */
export function draftErrors(d: TopologyDraft): { name?: string; spec?: string } {
  const out: { name?: string; spec?: string } = {};
  if (!d.name.trim()) out.name = 'Name is required';
  else if (!NAME.test(d.name.trim())) out.name = 'Letters, digits, dots or dashes';
  let spec: unknown;
  try {
    spec = parse(d.specText);
  } catch (err) {
    out.spec = `Invalid YAML: ${(err as Error).message.split('\n')[0]}`;
    return out;
  }
  const parsed = topologySpecSchema.safeParse(spec ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('') ?? '';
    out.spec = `spec${path}: ${issue?.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : issue?.message}`;
  }
  return out;
}

/** The spec object of a valid draft. */
export function draftSpec(d: TopologyDraft): unknown {
  return parse(d.specText) ?? {};
}
