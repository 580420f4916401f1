import { CANARY_API_VERSION, type CanaryIssue, canaryIssues, canarySchema, checkSchemas } from '@opsdeck/schema';
import { parse, stringify } from 'yaml';
import { setField } from '../../../ui/forms/fieldPath.js';
import { formCheckTypes } from './checkForms.js';

/**
 * The Canary document the editor works on, in both views: the form builder edits it field by
 * field and the YAML view shows it serialized, so switching views never loses a field the form
 * does not know. Validation uses the same zod schema the server applies on save.
 */
export interface CanaryDoc {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  spec: Record<string, unknown>;
  [key: string]: unknown;
}

/** A stored canaries row as the editor reads it. */
export interface CanaryRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown>;
  source: string | null;
  agent_id: string;
  created_at: string;
  updated_at: string;
}

/** The document for a stored row (or a new one with the defaults). */
export function docFromRow(row?: Pick<CanaryRow, 'name' | 'namespace' | 'labels' | 'spec'>): CanaryDoc {
  const metadata: CanaryDoc['metadata'] = { name: row?.name ?? '', namespace: row?.namespace ?? 'default' };
  if (row?.labels && Object.keys(row.labels).length) metadata.labels = row.labels;
  return {
    apiVersion: CANARY_API_VERSION,
    kind: 'Canary',
    metadata,
    spec: structuredClone(row?.spec ?? { schedule: '@every 5m' }),
  };
}

/** The row written to /api/db/canaries for a valid document. */
export function rowFromDoc(doc: CanaryDoc): {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
} {
  return {
    name: doc.metadata.name,
    namespace: doc.metadata.namespace || 'default',
    labels: doc.metadata.labels ?? {},
    spec: doc.spec,
  };
}

/** The YAML the editor shows for a document. */
export function docToYaml(doc: CanaryDoc): string {
  return stringify(doc, { lineWidth: 0 });
}

/** Parses the editor's YAML; answers the document or the parse error with its line. */
export function yamlToDoc(text: string): { doc: CanaryDoc } | { error: string } {
  let value: unknown;
  try {
    value = parse(text, { prettyErrors: true, maxAliasCount: 100 });
  } catch (err) {
    return { error: err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : 'invalid YAML' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'expected a Canary document (apiVersion, kind, metadata, spec)' };
  }
  const v = value as Record<string, unknown>;
  const metadata = v.metadata && typeof v.metadata === 'object' ? (v.metadata as CanaryDoc['metadata']) : { name: '' };
  const spec = v.spec && typeof v.spec === 'object' ? (v.spec as Record<string, unknown>) : {};
  return { doc: { ...v, apiVersion: String(v.apiVersion ?? ''), kind: String(v.kind ?? ''), metadata, spec } };
}

/** Every problem of a document as `path: message` pairs, from the shared Canary schema. */
export function validateDoc(doc: CanaryDoc): CanaryIssue[] {
  const parsed = canarySchema().safeParse(doc);
  return parsed.success ? [] : canaryIssues(parsed.error);
}

/**
 * The check types the editor shows: those the shared schema knows, in registration order, then
 * those the form builder offers but OpsDeck cannot run (shown so the refusal can be explained).
 */
export function knownCheckTypes(): string[] {
  return [...new Set([...Object.keys(checkSchemas), ...formCheckTypes()])];
}

/** Every check of a document with its type and position in its list. */
export function docChecks(doc: CanaryDoc): Array<{ type: string; index: number; check: Record<string, unknown> }> {
  const out: Array<{ type: string; index: number; check: Record<string, unknown> }> = [];
  for (const type of knownCheckTypes()) {
    const list = doc.spec[type];
    if (!Array.isArray(list)) continue;
    list.forEach((check, index) => {
      if (check && typeof check === 'object') out.push({ type, index, check: check as Record<string, unknown> });
    });
  }
  return out;
}

/** A copy of `doc` with one check's field (a dotted key for a nested one) set, or removed when `value` is undefined or ''. */
export function setCheckField(doc: CanaryDoc, type: string, index: number, field: string, value: unknown): CanaryDoc {
  const next = structuredClone(doc);
  const list = next.spec[type];
  if (!Array.isArray(list) || !list[index]) return doc;
  setField(list[index] as Record<string, unknown>, field, value);
  return next;
}

/** A copy of `doc` with a new check of `type` (starting from the form's defaults) appended. */
export function addCheck(doc: CanaryDoc, type: string, defaults: Record<string, unknown>): CanaryDoc {
  const next = structuredClone(doc);
  const list = Array.isArray(next.spec[type]) ? (next.spec[type] as unknown[]) : [];
  list.push({ name: '', ...defaults });
  next.spec[type] = list;
  return next;
}

/** A copy of `doc` without one check; an emptied list is removed. */
export function removeCheck(doc: CanaryDoc, type: string, index: number): CanaryDoc {
  const next = structuredClone(doc);
  const list = next.spec[type];
  if (!Array.isArray(list)) return doc;
  list.splice(index, 1);
  if (!list.length) delete next.spec[type];
  return next;
}

/** Issues keyed by path (`spec.http[0].url`), the first message of each. */
export function issuesByPath(issues: CanaryIssue[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const issue of issues) if (!map.has(issue.path)) map.set(issue.path, issue.message);
  return map;
}
