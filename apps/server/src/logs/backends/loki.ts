import type { LogBackendSpec } from '@opsdeck/schema';
import { badRequest } from '../../errors.js';
import { toLogLine } from '../lines.js';
import type { BackendPage, FoundLine, LogBackend, LogSearch } from '../types.js';
import { basicAuth, fetchJson } from './http.js';

type Spec = NonNullable<LogBackendSpec['loki']>;

interface Streams {
  data: { resultType: string; result: Array<{ stream: Record<string, string>; values: Array<[string, string]> }> };
}
interface Vector {
  data: { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> };
}

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const ns = (ms: number) => `${BigInt(Math.floor(ms)) * 1_000_000n}`;

/** The LogQL of a search: the backend's selector with the request's labels added, then the text filter. */
export function logql(spec: Spec, labels: Record<string, string>, text: string): string {
  const matchers = Object.entries(labels).map(([k, v]) => {
    if (!LABEL_NAME.test(k)) throw badRequest(`labels.${k}: not a Loki label name`);
    return `${k}=${JSON.stringify(v)}`;
  });
  let q = (spec.query ?? '{}').trim();
  if (!q.startsWith('{')) q = `{} ${q}`;
  const close = q.indexOf('}');
  const inner = q.slice(1, close).trim();
  const all = [inner, ...matchers].filter(Boolean).join(', ');
  if (!all) throw badRequest('labels: this Loki backend has no query; name at least one label to select streams');
  q = `{${all}}${q.slice(close + 1)}`;
  return text.trim() ? `${q} |= ${JSON.stringify(text.trim())}` : q;
}

/** Loki through its HTTP API: `query_range` backward for the page, `count_over_time` for the total. */
export function lokiBackend(spec: Spec, labels: Record<string, string>): LogBackend {
  const base = spec.url.replace(/\/+$/, '');
  const headers = {
    ...basicAuth(spec.username, spec.password),
    ...(spec.tenant ? { 'x-scope-orgid': spec.tenant } : {}),
  };
  return {
    async search(q: LogSearch): Promise<BackendPage> {
      const query = logql(spec, { ...labels, ...q.labels }, q.query);
      const range = new URL(`${base}/loki/api/v1/query_range`);
      range.searchParams.set('query', query);
      range.searchParams.set('start', ns(q.start));
      // `end` is exclusive: resume strictly before the last line seen
      range.searchParams.set('end', q.cursor && /^\d+$/.test(q.cursor) ? q.cursor : ns(q.end + 1));
      range.searchParams.set('limit', String(q.limit));
      range.searchParams.set('direction', 'backward');
      const seconds = Math.max(1, Math.ceil((q.end - q.start) / 1000));
      const count = new URL(`${base}/loki/api/v1/query`);
      count.searchParams.set('query', `sum(count_over_time(${query} [${seconds}s]))`);
      count.searchParams.set('time', ns(q.end));
      const init = { headers, signal: q.signal };
      const [page, totals] = await Promise.all([
        fetchJson<Streams>(range, init, 'Loki'),
        fetchJson<Vector>(count, init, 'Loki'),
      ]);
      const found: FoundLine[] = [];
      for (const s of page.data?.result ?? []) {
        for (const [t, text] of s.values) {
          const ms = Number(BigInt(t) / 1_000_000n);
          const line = toLogLine(`${t}:${found.length}`, text, ms, s.stream);
          const level = s.stream.level ?? s.stream.detected_level;
          found.push({ ts: ms, line: level ? { ...line, severity: level } : line, cursor: t });
        }
      }
      found.sort((a, b) => (BigInt(b.cursor) > BigInt(a.cursor) ? 1 : BigInt(b.cursor) < BigInt(a.cursor) ? -1 : 0));
      return { total: Number(totals.data?.result?.[0]?.value?.[1] ?? 0), lines: found.slice(0, q.limit) };
    },
  };
}
