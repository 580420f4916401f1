import { canaryIssues, formatPath, type PlaybookResource, playbookResourceSchema } from '@opsdeck/schema';
import { compileCel, compileTemplate } from '../expr/index.js';
import { parseSchedule, ScheduleError } from '../health/index.js';
import { parseResourceFile, type ResourceIssue, ResourceValidationError } from '../resourceYaml.js';
import { checkDelay, checkIf } from './conditions.js';

/** A Playbook document that failed validation: every problem with the path that has it. */
export class PlaybookValidationError extends ResourceValidationError {}

/**
 * Validates one Playbook document (already parsed from YAML or JSON): the zod schema, then every
 * expression (filters, `if`, `delay`, trigger filters, templated fields) and schedule, so a
 * playbook that would fail at run time on its own syntax is refused when saved.
 */
export function validatePlaybook(doc: unknown): PlaybookResource {
  const parsed = playbookResourceSchema.safeParse(doc);
  if (!parsed.success) throw new PlaybookValidationError(canaryIssues(parsed.error));
  const playbook = parsed.data as PlaybookResource;
  const issues: ResourceIssue[] = [];
  const check = (path: PropertyKey[], source: string | undefined, compile: (s: string) => unknown): void => {
    if (!source) return;
    try {
      compile(source);
    } catch (err) {
      issues.push({ path: formatPath(path), message: err instanceof Error ? err.message : String(err) });
    }
  };
  const spec = playbook.spec;
  for (const [i, f] of (spec.filters ?? []).entries()) check(['spec', 'filters', i], f, compileCel);
  spec.parameters?.forEach((p, i) => {
    if (typeof p.default === 'string') check(['spec', 'parameters', i, 'default'], p.default, compileTemplate);
    if (p.properties?.regex)
      check(['spec', 'parameters', i, 'properties', 'regex'], p.properties.regex, (r) => new RegExp(r));
  });
  spec.actions.forEach((a, i) => {
    check(['spec', 'actions', i, 'if'], a.if, checkIf);
    check(['spec', 'actions', i, 'delay'], a.delay, checkDelay);
    for (const t of [
      'exec',
      'http',
      'sql',
      'notification',
      'gitops',
      'prometheus',
      'logs',
      'github',
      'report',
    ] as const) {
      if (a[t] !== undefined) templateIssues(a[t], ['spec', 'actions', i, t], check);
    }
  });
  for (const cls of ['canary', 'config', 'component'] as const) {
    for (const [i, t] of (spec.on?.[cls] ?? []).entries())
      check(['spec', 'on', cls, i, 'filter'], t.filter, compileCel);
  }
  for (const [i, s] of (spec.on?.schedule ?? []).entries()) {
    check(['spec', 'on', 'schedule', i, 'schedule'], s.schedule, (text) => {
      try {
        parseSchedule(text, playbook.metadata.name);
      } catch (err) {
        if (err instanceof ScheduleError) throw new Error(err.message);
        throw err;
      }
    });
  }
  if (issues.length) throw new PlaybookValidationError(issues);
  return playbook;
}

/** Every string holding `{{` inside an action is a Go template that must compile. */
function templateIssues(
  value: unknown,
  at: PropertyKey[],
  check: (path: PropertyKey[], source: string | undefined, compile: (s: string) => unknown) => void,
): void {
  if (typeof value === 'string') {
    if (value.includes('{{')) check(at, value, compileTemplate);
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) templateIssues(v, [...at, i], check);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) templateIssues(v, [...at, k], check);
  }
}

/** Parses a YAML (or JSON) text holding one or more Playbook documents. */
export function parsePlaybookFile(text: string, file = 'input'): PlaybookResource[] {
  return parseResourceFile(text, file, { Playbook: validatePlaybook }).map((r) => r.resource);
}
