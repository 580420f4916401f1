import { REFERENCE_SCRAPER_TYPES, scrapeConfigSchema, scraperSchemas } from '@opsdeck/schema';
import { getField, setField } from '../../ui/forms/fieldPath.js';

/** How a scraper field is edited: `list` is one value per line (paths, globs). */
export type ScraperFieldKind = 'text' | 'textarea' | 'list' | 'number' | 'boolean' | 'select';

export interface ScraperField {
  key: string;
  label: string;
  kind: ScraperFieldKind;
  /** Derived from the shared schema (see withSchemaRules below), never declared. */
  required?: boolean;
  /** Keys whose value stands in for this required one (a connection instead of a URL). */
  orKeys?: string[];
  placeholder?: string;
  options?: readonly string[];
  help?: string;
}

/** The form of one ScrapeConfig list (`spec.<type>[]`). */
export interface ScraperForm {
  type: string;
  label: string;
  fields: ScraperField[];
  /** What a scraper added through the form starts with. */
  defaults: Record<string, unknown>;
}

const base: ScraperField[] = [
  { key: 'type', label: 'Config type', kind: 'text', placeholder: 'File', help: 'Type of the config items' },
  { key: 'id', label: 'ID', kind: 'text', placeholder: '$.id', help: 'JSONPath or fixed value' },
  { key: 'name', label: 'Item name', kind: 'text', placeholder: '$.name' },
  { key: 'items', label: 'Items', kind: 'text', placeholder: '$.items', help: 'JSONPath splitting one document' },
];

const FORMS: ScraperForm[] = [
  {
    type: 'file',
    label: 'File',
    fields: [
      { key: 'paths', label: 'Paths', kind: 'list', placeholder: '/data/*.json', help: 'One glob per line' },
      { key: 'ignore', label: 'Ignore', kind: 'list', placeholder: '/data/tmp/*' },
      { key: 'url', label: 'Git repository', kind: 'text', placeholder: 'https://git.example.com/ops/config.git' },
      { key: 'format', label: 'Format', kind: 'select', options: ['json', 'yaml', 'properties'] },
      ...base,
    ],
    defaults: { type: 'File', id: '$.id', name: '$.name' },
  },
  {
    type: 'sql',
    label: 'SQL',
    fields: [
      { key: 'connection', label: 'Connection', kind: 'text', placeholder: 'postgres://user@db:5432/app' },
      { key: 'driver', label: 'Driver', kind: 'select', options: ['postgres', 'mysql'] },
      { key: 'query', label: 'Query', kind: 'textarea', placeholder: 'SELECT * FROM servers' },
      ...base,
    ],
    defaults: { type: 'SQL::Row', id: '$.id', name: '$.name' },
  },
  {
    type: 'exec',
    label: 'Exec (script)',
    fields: [
      { key: 'script', label: 'Script', kind: 'textarea', placeholder: 'echo \'{"id": 1}\'' },
      { key: 'checkout.url', label: 'Git repository', kind: 'text', placeholder: 'https://git.example.com/ops/x.git' },
      { key: 'checkout.branch', label: 'Branch', kind: 'text', placeholder: 'main' },
      ...base,
    ],
    defaults: { type: 'Exec', id: '$.id', name: '$.name' },
  },
  {
    type: 'http',
    label: 'HTTP',
    fields: [
      { key: 'url', label: 'URL', kind: 'text', placeholder: 'https://api.example.com/servers' },
      { key: 'connection', label: 'Connection', kind: 'text', placeholder: 'connection://default/api' },
      { key: 'method', label: 'Method', kind: 'select', options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      { key: 'body', label: 'Body', kind: 'textarea' },
      { key: 'insecureSkipVerify', label: 'Skip TLS verification', kind: 'boolean' },
      ...base,
    ],
    defaults: { type: 'HTTP', id: '$.id', name: '$.name' },
  },
  {
    type: 'kubernetes',
    label: 'Kubernetes',
    fields: [
      { key: 'clusterName', label: 'Cluster name', kind: 'text', placeholder: 'prod' },
      { key: 'namespace', label: 'Namespace', kind: 'text', placeholder: 'all namespaces when empty' },
      { key: 'selector', label: 'Label selector', kind: 'text', placeholder: 'app=web' },
      { key: 'connection', label: 'Connection', kind: 'text', placeholder: 'connection://default/cluster' },
      { key: 'maxInflight', label: 'Max in flight', kind: 'number', placeholder: '64', help: 'Default 64' },
    ],
    defaults: {},
  },
];

/** A probe value for a field. */
function sample(field: ScraperField): unknown {
  if (field.kind === 'list') return [field.placeholder ?? 'x'];
  if (field.kind === 'number') return 1;
  if (field.kind === 'boolean') return true;
  if (field.kind === 'select') return field.options?.[0];
  return field.placeholder || 'x';
}

/** Top-level keys the shared schema asks for while they are unset in `probe`. */
function missingKeys(type: string, probe: Record<string, unknown>): string[] {
  const parsed = scraperSchemas[type]?.safeParse(probe);
  if (!parsed || parsed.success) return [];
  const keys = new Set<string>();
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && getField(probe, key) === undefined) keys.add(key);
  }
  return [...keys];
}

/**
 * Required fields read from the shared zod schema, as the health-check builder does: an empty
 * scraper is parsed, each key the schema asks for becomes required (and filled) until it passes;
 * a field is a stand-in when setting it instead silences the complaint (http: url or connection).
 */
function withSchemaRules(form: ScraperForm): ScraperForm {
  const byKey = new Map(form.fields.map((f) => [f.key, f]));
  const probe: Record<string, unknown> = {};
  const required: string[] = [];
  for (let round = 0; round < 10; round++) {
    const missing = missingKeys(form.type, probe);
    if (!missing.length) break;
    for (const key of missing) {
      const field = byKey.get(key);
      if (!field) throw new Error(`${form.type}: the schema requires '${key}' but the form has no such field`);
      required.push(key);
      setField(probe, key, sample(field));
    }
  }
  const fields = form.fields.map((field) => {
    if (!required.includes(field.key)) return { ...field, required: false };
    const orKeys = form.fields
      .filter((o) => o.key !== field.key && !required.includes(o.key))
      .filter((o) => {
        const alt = structuredClone(probe);
        setField(alt, o.key, sample(o));
        delete alt[field.key];
        return !missingKeys(form.type, alt).includes(field.key);
      })
      .map((o) => o.key);
    return { ...field, required: true, ...(orKeys.length ? { orKeys } : {}) };
  });
  return { ...form, fields };
}

/** The forms of the scraper types OpsDeck runs, required fields from the shared schema. */
export const SCRAPER_FORMS: ScraperForm[] = FORMS.filter((f) => scraperSchemas[f.type]).map(withSchemaRules);

export function scraperForm(type: string): ScraperForm | undefined {
  return SCRAPER_FORMS.find((f) => f.type === type);
}

/**
 * Scraper types other tools accept and OpsDeck refuses, each with the message the shared schema (and so
 * the server) gives when a ScrapeConfig uses it.
 */
export function unsupportedScraperTypes(): Array<{ type: string; reason: string }> {
  return REFERENCE_SCRAPER_TYPES.filter((t) => !scraperSchemas[t]).map((type) => {
    const parsed = scrapeConfigSchema().safeParse({
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
      metadata: { name: 'probe' },
      spec: { [type]: [{}] },
    });
    const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path.includes(type));
    return { type, reason: issue?.message ?? `scraper type ${type} is not supported yet` };
  });
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && !v.length);

/** 'This field is required' for each required field left empty (unless a stand-in is set). */
export function scraperFieldErrors(type: string, scraper: Record<string, unknown>): Map<string, string> {
  const errors = new Map<string, string>();
  for (const field of scraperForm(type)?.fields ?? []) {
    const standIn = field.orKeys?.some((k) => !isEmpty(getField(scraper, k)));
    if (field.required && isEmpty(getField(scraper, field.key)) && !standIn)
      errors.set(field.key, 'This field is required');
  }
  return errors;
}
