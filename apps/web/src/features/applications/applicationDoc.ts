import { APPLICATION_API_VERSION, applicationSchema, type CanaryIssue, canaryIssues } from '@opsdeck/schema';
import { parse, stringify } from 'yaml';

/**
 * The Application document the settings editor works on, in both views: the form edits some of
 * its fields and the YAML shows all of it, so switching views never loses what the form does not
 * show (sections, roles, environments, properties). Checked with the schema the server applies.
 */
export interface ApplicationDoc {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [key: string]: unknown };
  spec: ApplicationDocSpec;
  [key: string]: unknown;
}

/** The spec as the form reads it; every other field is kept as it is. */
export interface ApplicationDocSpec {
  type?: string;
  description?: string;
  mapping?: Partial<Record<SelectorList, AppSelectorInput[]>> & Record<string, unknown>;
  [key: string]: unknown;
}

/** A catalog selector as the form edits it (the schema allows more fields; they are kept). */
export interface AppSelectorInput {
  name?: string;
  types?: string[];
  labelSelector?: string;
  [key: string]: unknown;
}

/** The mapping lists the form edits: which catalog items an audit reads logins, data and reviews from. */
export const SELECTOR_LISTS = ['logins', 'datasources', 'accessReviews'] as const;
export type SelectorList = (typeof SELECTOR_LISTS)[number];

/** A stored applications row as the editor reads it. */
export interface ApplicationRow {
  id: string;
  name: string;
  namespace: string;
  description: string | null;
  spec: Record<string, unknown> | null;
}

/** The document of a stored row, or of a new application. */
export function docFromRow(row?: Pick<ApplicationRow, 'name' | 'namespace' | 'spec'>): ApplicationDoc {
  return {
    apiVersion: APPLICATION_API_VERSION,
    kind: 'Application',
    metadata: { name: row?.name ?? '', namespace: row?.namespace ?? 'default' },
    spec: structuredClone((row?.spec ?? {}) as ApplicationDocSpec),
  };
}

/** The row written to /api/db/applications; the list's Description column reads `description`. */
export function rowFromDoc(doc: ApplicationDoc) {
  return {
    name: doc.metadata.name,
    namespace: doc.metadata.namespace || 'default',
    description: doc.spec.description ?? null,
    spec: doc.spec,
  };
}

export function docToYaml(doc: ApplicationDoc): string {
  return stringify(doc, { lineWidth: 0 });
}

/** Parses the editor's YAML; answers the document or the parse error's first line. */
export function yamlToDoc(text: string): { doc: ApplicationDoc } | { error: string } {
  let value: unknown;
  try {
    value = parse(text, { prettyErrors: true, maxAliasCount: 100 });
  } catch (err) {
    return { error: err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : 'invalid YAML' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { error: 'expected an Application document (apiVersion, kind, metadata, spec)' };
  }
  const v = value as Record<string, unknown>;
  const metadata =
    v.metadata && typeof v.metadata === 'object' ? (v.metadata as ApplicationDoc['metadata']) : { name: '' };
  const spec = v.spec && typeof v.spec === 'object' ? (v.spec as ApplicationDocSpec) : {};
  return { doc: { ...v, apiVersion: String(v.apiVersion ?? ''), kind: String(v.kind ?? ''), metadata, spec } };
}

/** Every problem of a document by path, from the shared Application schema. */
export function validateDoc(doc: ApplicationDoc): CanaryIssue[] {
  const parsed = applicationSchema.safeParse(doc);
  const issues = parsed.success ? [] : canaryIssues(parsed.error);
  if (!doc.metadata.name?.trim()) issues.unshift({ path: 'metadata.name', message: 'This field is required' });
  return issues;
}

/** A copy of `doc` with one spec field set, or removed when empty. */
export function setSpecField(doc: ApplicationDoc, field: 'type' | 'description', value: string): ApplicationDoc {
  const spec = { ...doc.spec };
  if (value) spec[field] = value;
  else delete spec[field];
  return { ...doc, spec };
}

/** A copy of `doc` with one mapping list replaced; an emptied list (and mapping) is removed. */
export function setSelectors(doc: ApplicationDoc, list: SelectorList, selectors: AppSelectorInput[]): ApplicationDoc {
  const mapping = { ...(doc.spec.mapping ?? {}) };
  if (selectors.length) mapping[list] = selectors;
  else delete mapping[list];
  const spec = { ...doc.spec };
  if (Object.keys(mapping).length) spec.mapping = mapping;
  else delete spec.mapping;
  return { ...doc, spec };
}

/** A selector with one of the form's fields set (types from a comma list), or removed when empty. */
export function setSelectorField(
  selector: AppSelectorInput,
  field: 'name' | 'types' | 'labelSelector',
  text: string,
): AppSelectorInput {
  const next: AppSelectorInput = { ...selector };
  if (field === 'types') {
    const types = text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (types.length) next.types = types;
    else delete next.types;
  } else if (text.trim()) next[field] = text.trim();
  else delete next[field];
  return next;
}
