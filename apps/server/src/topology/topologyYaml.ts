import {
  type ComponentSpec,
  canaryIssues,
  canarySchema,
  DEFAULT_TOPOLOGY_SCHEDULE,
  formatPath,
  type TopologyResource,
  topologySchema,
} from '@opsdeck/schema';
import { compileCel, compileTemplate } from '../expr/index.js';
import { checkExpressionIssues, parseSchedule, ScheduleError } from '../health/index.js';
import { parseResourceFile, type ResourceIssue, ResourceValidationError } from '../resourceYaml.js';
import './tables.js';

/** A Topology document that failed validation: every problem with the path that has it. */
export class TopologyValidationError extends ResourceValidationError {}

type Path = PropertyKey[];

/** A lookup (or inline check) is a Canary spec: validated by the canary schema, issues re-rooted at `at`. */
function canarySpecIssues(spec: Record<string, unknown>, at: Path): ResourceIssue[] {
  const parsed = canarySchema().safeParse({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'lookup' },
    spec,
  });
  const prefix = formatPath(at);
  if (!parsed.success) {
    return canaryIssues(parsed.error).map((i) => ({
      path: `${prefix}.${i.path.replace(/^spec\.?/, '')}`,
      message: i.message,
    }));
  }
  const out: ResourceIssue[] = [];
  for (const [type, list] of Object.entries(spec)) {
    if (!Array.isArray(list)) continue;
    list.forEach((check, i) => {
      for (const issue of checkExpressionIssues(check)) {
        out.push({ path: formatPath([...at, type, i, ...issue.path]), message: issue.message });
      }
    });
  }
  return out;
}

function celIssue(source: string | undefined, at: Path): ResourceIssue[] {
  if (!source) return [];
  try {
    compileCel(source);
    return [];
  } catch (err) {
    return [{ path: formatPath(at), message: err instanceof Error ? err.message : String(err) }];
  }
}

/** Keys whose values the check engine evaluates later (not build-time templates). */
const LATER = new Set(['display', 'test', 'transform', 'expr', 'statusExpr', 'healthExpr', 'metrics']);

/** Template strings of a forEach (rendered per looked-up component) that do not compile. */
function templateIssues(value: unknown, at: Path): ResourceIssue[] {
  if (typeof value === 'string') {
    if (!value.includes('{{') && !value.includes('$(')) return [];
    try {
      compileTemplate(value.replace(/\$\((\.[^()]*)\)/g, '{{$1}}'));
      return [];
    } catch (err) {
      return [{ path: formatPath(at), message: err instanceof Error ? err.message : String(err) }];
    }
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => templateIssues(v, [...at, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (LATER.has(k) ? [] : templateIssues(v, [...at, k])));
  }
  return [];
}

/** Problems of one component and its descendants that the zod schema cannot see. */
function componentIssues(c: ComponentSpec, at: Path): ResourceIssue[] {
  const out: ResourceIssue[] = [];
  if (c.lookup) out.push(...canarySpecIssues(c.lookup, [...at, 'lookup']));
  out.push(...celIssue(c.statusExpr, [...at, 'statusExpr']), ...celIssue(c.healthExpr, [...at, 'healthExpr']));
  c.properties?.forEach((p, i) => {
    if (p.lookup) out.push(...canarySpecIssues(p.lookup, [...at, 'properties', i, 'lookup']));
  });
  c.checks?.forEach((k, i) => {
    if (k.inline) out.push(...canarySpecIssues(k.inline, [...at, 'checks', i, 'inline']));
    if (!k.inline && !k.selector)
      out.push({ path: formatPath([...at, 'checks', i]), message: 'set selector or inline' });
  });
  c.components?.forEach((child, i) => {
    out.push(...componentIssues(child, [...at, 'components', i]));
  });
  if (c.forEach) out.push(...templateIssues(c.forEach, [...at, 'forEach']));
  c.forEach?.components?.forEach((child, i) => {
    out.push(...componentIssues(child, [...at, 'forEach', 'components', i]));
  });
  c.forEach?.checks?.forEach((k, i) => {
    if (k.inline) out.push(...canarySpecIssues(k.inline, [...at, 'forEach', 'checks', i, 'inline']));
  });
  return out;
}

/** The schedule a topology runs on. */
export function topologySchedule(spec: { schedule?: string }): string {
  return spec.schedule?.trim() || DEFAULT_TOPOLOGY_SCHEDULE;
}

/**
 * Validates one Topology document (already parsed from YAML or JSON): the zod schema, every
 * lookup and inline check as a Canary spec, the CEL expressions, then the schedule with the
 * scheduler's parser. Problems name their path (`spec.components[0].lookup.exec[0].script`).
 */
export function validateTopology(doc: unknown): TopologyResource {
  const parsed = topologySchema.safeParse(doc);
  if (!parsed.success) throw new TopologyValidationError(canaryIssues(parsed.error));
  const topology = parsed.data;
  const spec = topology.spec;
  const issues: ResourceIssue[] = [
    ...celIssue(spec.statusExpr, ['spec', 'statusExpr']),
    ...celIssue(spec.healthExpr, ['spec', 'healthExpr']),
  ];
  spec.properties?.forEach((p, i) => {
    if (p.lookup) issues.push(...canarySpecIssues(p.lookup, ['spec', 'properties', i, 'lookup']));
  });
  spec.components?.forEach((c, i) => {
    issues.push(...componentIssues(c, ['spec', 'components', i]));
  });
  if (issues.length) throw new TopologyValidationError(issues);
  try {
    parseSchedule(topologySchedule(spec), topology.metadata.name);
  } catch (err) {
    if (err instanceof ScheduleError)
      throw new TopologyValidationError([{ path: 'spec.schedule', message: err.message }]);
    throw err;
  }
  return topology;
}

/** Parses a YAML (or JSON) text holding one or more Topology documents. */
export function parseTopologyFile(text: string, file = 'input'): TopologyResource[] {
  return parseResourceFile(text, file, { Topology: validateTopology }).map((r) => r.resource);
}
