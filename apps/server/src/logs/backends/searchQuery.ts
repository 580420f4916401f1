import type { LogBackendSpec } from '@opsdeck/schema';
import { badRequest } from '../../errors.js';
import { toLogLine } from '../lines.js';
import type { FoundLine, LogSearch } from '../types.js';
import { LogBackendError } from '../types.js';

/** What OpenSearch and Elasticsearch share: the search body of a log search and the lines of its hits. */

export type SearchSpec = NonNullable<LogBackendSpec['opensearch']>;

export interface Hit {
  _id: string;
  _source?: Record<string, unknown>;
  sort?: unknown[];
}

const FIELD = /^[A-Za-z0-9_@.-]+$/;

function fieldsOf(spec: SearchSpec) {
  return { message: 'message', timestamp: '@timestamp', ...spec.fields };
}

/** The query: the time range, the text (the backend's template, else a phrase on the message field), labels as terms. */
export function searchBody(spec: SearchSpec, q: LogSearch, labels: Record<string, string>) {
  const f = fieldsOf(spec);
  const filter: unknown[] = [
    { range: { [f.timestamp]: { gte: new Date(q.start).toISOString(), lte: new Date(q.end).toISOString() } } },
  ];
  for (const [k, v] of Object.entries(labels)) {
    if (!FIELD.test(k)) throw badRequest(`labels.${k}: not a field name`);
    filter.push({ term: { [k]: v } });
  }
  const must: unknown[] = [];
  const text = q.query.trim();
  if (spec.query) {
    const rendered = spec.query.replaceAll('{{query}}', JSON.stringify(text).slice(1, -1));
    try {
      must.push(JSON.parse(rendered));
    } catch {
      throw new LogBackendError('the backend query template is not JSON once {{query}} is filled in');
    }
  } else if (text) must.push({ match_phrase: { [f.message]: text } });
  let searchAfter: unknown[] | undefined;
  if (q.cursor) {
    searchAfter = JSON.parse(q.cursor) as unknown[];
    if (!Array.isArray(searchAfter)) throw badRequest('page: not a cursor this backend wrote');
  }
  return {
    size: q.limit,
    track_total_hits: true,
    sort: [{ [f.timestamp]: { order: 'desc' as const } }],
    query: { bool: { filter, must } },
    ...(searchAfter ? { search_after: searchAfter } : {}),
  };
}

const at = (o: Record<string, unknown> | undefined, p: string): unknown =>
  o?.[p] !== undefined ? o[p] : p.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], o);

/** Lines of the hits, with the mapping's labels (or every scalar field but the message, time and exclusions). */
export function hitLines(spec: SearchSpec, hits: Hit[], labels: Record<string, string>): FoundLine[] {
  const f = fieldsOf(spec);
  const skip = new Set([f.message, f.timestamp, ...(f.exclusions ?? [])]);
  return hits.map((h) => {
    const src = h._source ?? {};
    const own: Record<string, string> = { ...labels };
    const names = f.labels ?? Object.keys(src).filter((k) => !skip.has(k));
    for (const k of names) {
      const v = at(src, k);
      if (v !== undefined && v !== null && typeof v !== 'object') own[k] = String(v);
    }
    const t = at(src, f.timestamp);
    const ts = typeof t === 'number' ? t : Date.parse(String(t));
    const msg = at(src, f.message);
    const line = toLogLine(h._id, typeof msg === 'string' ? msg : JSON.stringify(msg ?? src), ts, own, src);
    const severity = f.severity ? at(src, f.severity) : undefined;
    return {
      ts,
      line: typeof severity === 'string' ? { ...line, severity: severity.toLowerCase() } : line,
      cursor: JSON.stringify(h.sort ?? [ts]),
    };
  });
}

export const totalOf = (t: unknown): number =>
  typeof t === 'number' ? t : Number((t as { value?: number })?.value ?? 0);
