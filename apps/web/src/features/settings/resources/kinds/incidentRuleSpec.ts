import {
  type IncidentRuleSpec,
  type IncidentSeverity,
  incidentRuleSpecSchema,
  type ResourceSelector,
} from '@opsdeck/schema';
import { parse, stringify } from 'yaml';
import type { YamlCheck } from '../types.js';

/** One problem of the YAML: where it is (`template.severity`, empty for the whole document) and why. */
export interface SpecIssue {
  path: string;
  message: string;
}

/** The outcome of reading the spec YAML: a valid spec, or the problems to show inline. */
export type SpecResult = { ok: true; spec: IncidentRuleSpec } | { ok: false; issues: SpecIssue[] };

/** What a new rule starts with: watch failing checks for five minutes, open a low availability incident. */
export const NEW_RULE_YAML = `checks:
  - name: "*"
filter:
  age: 5m
template:
  title: "{{ check.name }} is {{ check.status }}"
  severity: low
  type: availability
autoResolve:
  timeout: 10m
# objectives: [{ name: checkout-* }] with filter: { category: [slo.burn.critical] } opens incidents
# from objective events (slo.burn.critical, slo.burn.warning, slo.budget.exhausted)
`;

/** The spec of a new rule (NEW_RULE_YAML read). */
export const NEW_RULE_SPEC: unknown = parse(NEW_RULE_YAML);

/**
 * Checks a spec document with the server's own schema (`incidentRuleSpecSchema`), so the editor
 * shows the messages the API would answer with; the value saved is the spec as the schema reads it.
 */
export function checkSpec(doc: unknown): YamlCheck {
  const parsed = incidentRuleSpecSchema.safeParse(doc ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  };
}

/** The spec as the editor shows it: YAML, empty document for a rule without a spec. */
export function specToYaml(spec: unknown): string {
  if (spec === null || spec === undefined) return '';
  return stringify(spec, { lineWidth: 0 });
}

/**
 * Parses the editor's YAML and validates it with the server's own schema
 * (`incidentRuleSpecSchema`), so the browser shows the same messages the API would answer with.
 * An empty document is a rule without a spec.
 */
export function parseSpecYaml(text: string): SpecResult {
  let doc: unknown;
  try {
    doc = text.trim() ? parse(text) : {};
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0] : 'could not be read';
    return { ok: false, issues: [{ path: '', message: `Invalid YAML: ${message}` }] };
  }
  if (doc === null || doc === undefined) doc = {};
  if (typeof doc !== 'object' || Array.isArray(doc)) {
    return {
      ok: false,
      issues: [{ path: '', message: 'The spec must be a map of fields, such as checks: and template:' }],
    };
  }
  const parsed = incidentRuleSpecSchema.safeParse(doc);
  if (parsed.success) return { ok: true, spec: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  };
}

function selectorText(s: ResourceSelector): string {
  const parts: string[] = [];
  if (s.id) parts.push(`id ${s.id}`);
  if (s.name) parts.push(s.name);
  if (s.namespace) parts.push(`in ${s.namespace}`);
  if (s.types?.length) parts.push(`type ${s.types.join('|')}`);
  if (s.labelSelector) parts.push(`[${s.labelSelector}]`);
  return parts.join(' ') || 'all';
}

/**
 * A one-line summary of what a rule watches, for the list: its check, component and objective selectors,
 * the status, severity and category filters and how long a match must last.
 */
export function filtersSummary(spec: unknown): string {
  const parsed = incidentRuleSpecSchema.safeParse(spec ?? {});
  if (!parsed.success) return 'Invalid spec';
  const s = parsed.data;
  const parts: string[] = [];
  if (s.checks?.length) parts.push(`checks: ${s.checks.map(selectorText).join(', ')}`);
  if (s.components?.length) parts.push(`components: ${s.components.map(selectorText).join(', ')}`);
  if (s.objectives?.length) parts.push(`objectives: ${s.objectives.map(selectorText).join(', ')}`);
  if (s.filter?.status?.length) parts.push(`status ${s.filter.status.join('|')}`);
  if (s.filter?.severity?.length) parts.push(`severity ${s.filter.severity.join('|')}`);
  if (s.filter?.category?.length) parts.push(`category ${s.filter.category.join('|')}`);
  if (s.filter?.age) parts.push(`for ${s.filter.age}`);
  return parts.join(' · ');
}

/** The severity incidents of the rule open with, when its template names one. */
export function templateSeverity(spec: unknown): IncidentSeverity | undefined {
  const parsed = incidentRuleSpecSchema.safeParse(spec ?? {});
  return parsed.success ? parsed.data.template?.severity : undefined;
}
