import { parseDocument, stringify } from 'yaml';
import type { ScraperRow } from './types.js';

/** A scraper as the editor shows it: the whole ScrapeConfig resource. */
export function scraperYaml(row?: Pick<ScraperRow, 'name' | 'namespace' | 'spec'>): string {
  return stringify({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name: row?.name ?? 'my-scraper', namespace: row?.namespace ?? 'default' },
    spec: row?.spec ?? { schedule: '@every 1h', file: [{ type: 'File', id: '$.id', paths: ['/data/*.json'] }] },
  });
}

export type ParsedScraper =
  | { ok: true; name: string; namespace: string; spec: Record<string, unknown> }
  | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the editor's YAML back; the spec itself is validated by the server, which names the path of each problem. */
export function parseScraperYaml(text: string): ParsedScraper {
  const doc = parseDocument(text);
  if (doc.errors.length) return { ok: false, error: `YAML: ${doc.errors[0]?.message}` };
  const value = doc.toJS() as unknown;
  if (!isObject(value)) return { ok: false, error: 'expected a ScrapeConfig document' };
  if (value.kind !== undefined && value.kind !== 'ScrapeConfig')
    return { ok: false, error: 'kind: must be ScrapeConfig' };
  const metadata = isObject(value.metadata) ? value.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name.trim() : '';
  if (!name) return { ok: false, error: 'metadata.name: This field is required' };
  if (!isObject(value.spec)) return { ok: false, error: 'spec: This field is required' };
  const namespace = typeof metadata.namespace === 'string' && metadata.namespace ? metadata.namespace : 'default';
  return { ok: true, name, namespace, spec: value.spec };
}
