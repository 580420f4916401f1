import {
  type CanaryIssue,
  canaryIssues,
  PLAYBOOK_API_VERSION,
  playbookResourceSchema,
  playbookSpecSchema,
} from '@opsdeck/schema';
import { parse, stringify } from 'yaml';

/**
 * The Playbook document the builder works on, in both views: the form edits it key by key and
 * the YAML view shows it serialized, so switching views never loses a field the form does not
 * know. Validation uses the zod schema the server applies on save.
 */
export interface PlaybookDoc {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [key: string]: unknown };
  spec: Record<string, unknown>;
  [key: string]: unknown;
}

/** A stored playbooks row as the builder reads it. */
export interface PlaybookRow {
  name: string;
  namespace?: unknown;
  title?: unknown;
  category?: unknown;
  description?: unknown;
  icon?: unknown;
  spec?: unknown;
}

/** Row columns the spec decides unless the row sets its own, and what the spec's decision is. */
const DECIDED: Array<[keyof PlaybookRow & string, (spec: Record<string, unknown>, name: string) => unknown]> = [
  ['title', (s, name) => s.title ?? name],
  ['category', (s) => s.category ?? ''],
  ['description', (s) => s.description ?? null],
  ['icon', (s) => s.icon ?? null],
];

/**
 * The document of a stored row (or a new one with one empty action list). A title, category,
 * description or icon the row holds apart from its spec (set on the old form) moves into the spec,
 * so what the list shows is what the form shows, and saving keeps it.
 */
export function docFromRow(row?: PlaybookRow): PlaybookDoc {
  const name = row?.name ?? '';
  const spec: Record<string, unknown> =
    row?.spec && typeof row.spec === 'object' ? structuredClone(row.spec as Record<string, unknown>) : { actions: [] };
  for (const [column, decided] of DECIDED) {
    const value = row?.[column];
    if (typeof value === 'string' && value !== '' && value !== decided(spec, name)) spec[column] = value;
  }
  const namespace = typeof row?.namespace === 'string' && row.namespace ? row.namespace : 'default';
  return { apiVersion: PLAYBOOK_API_VERSION, kind: 'Playbook', metadata: { name, namespace }, spec };
}

/**
 * The body written to /api/db/playbooks: name and namespace (on create) and the spec; the server
 * derives title, category, description and icon from the spec.
 */
export function rowFromDoc(doc: PlaybookDoc, saved: boolean): Record<string, unknown> {
  const spec = doc.spec;
  const decided = { title: null, category: null, description: null, icon: null };
  if (saved) return { spec, ...decided };
  return { name: doc.metadata.name, namespace: doc.metadata.namespace || 'default', spec, ...decided };
}

/** The YAML the editor shows for a document. */
export function docToYaml(doc: PlaybookDoc): string {
  return stringify(doc, { lineWidth: 0 });
}

/** Parses the editor's YAML; answers the document or the parse error with its line. */
export function yamlToDoc(text: string): { doc: PlaybookDoc } | { error: string } {
  let value: unknown;
  try {
    value = parse(text, { prettyErrors: true, maxAliasCount: 100 });
  } catch (err) {
    return { error: err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : 'invalid YAML' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'expected a Playbook document (apiVersion, kind, metadata, spec)' };
  }
  const v = value as Record<string, unknown>;
  const metadata =
    v.metadata && typeof v.metadata === 'object' && !Array.isArray(v.metadata)
      ? (v.metadata as PlaybookDoc['metadata'])
      : { name: '' };
  const spec =
    v.spec && typeof v.spec === 'object' && !Array.isArray(v.spec) ? (v.spec as Record<string, unknown>) : {};
  return { doc: { ...v, apiVersion: String(v.apiVersion ?? ''), kind: String(v.kind ?? ''), metadata, spec } };
}

/** Every problem of a document as `path: message` pairs (`spec.actions[0].http`), from the shared schema. */
export function validateDoc(doc: PlaybookDoc): CanaryIssue[] {
  const parsed = playbookResourceSchema.safeParse(doc);
  return parsed.success ? [] : canaryIssues(parsed.error);
}

/** Issues keyed by path, the first message of each. */
export function issuesByPath(issues: readonly CanaryIssue[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const issue of issues) if (!map.has(issue.path)) map.set(issue.path, issue.message);
  return map;
}

/** The spec's list under `key` (parameters, actions), empty when unset. */
export function specList(doc: PlaybookDoc, key: string): Record<string, unknown>[] {
  const list = doc.spec[key];
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
}

/** A copy of `doc` with the spec's `key` set, or removed when empty (an action list stays). */
export function withSpec(doc: PlaybookDoc, key: string, value: unknown): PlaybookDoc {
  const spec = { ...doc.spec };
  const empty =
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0 && key !== 'actions') ||
    (!!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
  if (empty) delete spec[key];
  else if (key in spec) spec[key] = value;
  else return { ...doc, spec: inserted(spec, key, value) };
  return { ...doc, spec };
}

const SPEC_ORDER = Object.keys(playbookSpecSchema.shape);
const rank = (key: string) => (SPEC_ORDER.includes(key) ? SPEC_ORDER.indexOf(key) : SPEC_ORDER.length);

/** `spec` with a new key placed where the schema orders it (title before actions), the others unmoved. */
function inserted(spec: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const entries = Object.entries(spec);
  const at = entries.findIndex(([k]) => rank(k) > rank(key));
  entries.splice(at < 0 ? entries.length : at, 0, [key, value]);
  return Object.fromEntries(entries);
}
