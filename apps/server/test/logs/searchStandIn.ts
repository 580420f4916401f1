import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in OpenSearch / Elasticsearch (neither can run here) answering `POST /<index>/_search`
 * in the real wire format (`hits.total`, `hits.hits[]` with `_id`, `_source`, `sort`), with the
 * product header the Elasticsearch client insists on. It evaluates the parts of the query DSL the
 * backend sends (bool filter/must, range, term, match_phrase, query_string, sort, size,
 * search_after, track_total_hits), so a wrong range, text or page gives wrong hits.
 */

export interface SearchStandIn {
  url: string;
  bodies: Array<{ path: string; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

type Doc = Record<string, unknown> & { _id: string };

function matches(doc: Doc, clause: Record<string, unknown>, ts: string): boolean {
  const [kind, arg] = Object.entries(clause)[0] as [string, Record<string, unknown>];
  switch (kind) {
    case 'bool': {
      const all = [...((arg.filter as unknown[]) ?? []), ...((arg.must as unknown[]) ?? [])] as Array<
        Record<string, unknown>
      >;
      return all.every((c) => matches(doc, c, ts));
    }
    case 'range': {
      const [field, r] = Object.entries(arg)[0] as [string, { gte?: string; lte?: string }];
      const v = Date.parse(String(doc[field]));
      return (!r.gte || v >= Date.parse(r.gte)) && (!r.lte || v <= Date.parse(r.lte));
    }
    case 'term': {
      const [field, v] = Object.entries(arg)[0] as [string, unknown];
      return String(doc[field]) === String(v);
    }
    case 'match_phrase': {
      const [field, v] = Object.entries(arg)[0] as [string, string];
      return String(doc[field]).toLowerCase().includes(v.toLowerCase());
    }
    case 'query_string':
      return JSON.stringify(doc).toLowerCase().includes(String(arg.query).toLowerCase().replaceAll('"', ''));
    default:
      throw new Error(`unsupported clause ${kind}`);
  }
}

export async function startSearch(
  flavour: 'opensearch' | 'elasticsearch',
  index: string,
  docs: Doc[],
  ts = '@timestamp',
) {
  const bodies: SearchStandIn['bodies'] = [];
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      ...(flavour === 'elasticsearch' ? { 'x-elastic-product': 'Elasticsearch' } : {}),
    });
    res.end(JSON.stringify(body));
  };
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://search');
    const m = /^\/([^/]+)\/_search$/.exec(url.pathname);
    if (!m)
      return send(res, 404, {
        error: { type: 'illegal_argument_exception', reason: `no handler for ${url.pathname}` },
        status: 404,
      });
    if (decodeURIComponent(m[1] as string) !== index) {
      return send(res, 404, {
        error: { type: 'index_not_found_exception', reason: `no such index [${m[1]}]` },
        status: 404,
      });
    }
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    bodies.push({ path: url.pathname, body });
    const sort = (body.sort as Array<Record<string, { order: string }>>)?.[0];
    if (!sort || Object.keys(sort)[0] !== ts || sort[ts]?.order !== 'desc') {
      return send(res, 400, {
        error: { type: 'parsing_exception', reason: `expected sort on ${ts} desc` },
        status: 400,
      });
    }
    let hits = docs.filter((d) => matches(d, body.query as Record<string, unknown>, ts));
    const total = hits.length;
    hits.sort((a, b) => Date.parse(String(b[ts])) - Date.parse(String(a[ts])));
    const after = body.search_after as number[] | undefined;
    if (after) hits = hits.filter((d) => Date.parse(String(d[ts])) < (after[0] as number));
    hits = hits.slice(0, Number(body.size ?? 10));
    send(res, 200, {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: {
        total: body.track_total_hits
          ? { value: total, relation: 'eq' }
          : { value: Math.min(total, 10000), relation: 'gte' },
        max_score: null,
        hits: hits.map(({ _id, ...source }) => ({
          _index: index,
          _id,
          _score: null,
          _source: source,
          sort: [Date.parse(String(source[ts]))],
        })),
      },
    });
  };
  const server = createServer((req, res) => void handler(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  } satisfies SearchStandIn;
}
