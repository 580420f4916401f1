import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in Loki (no Loki can be installed here) speaking its HTTP API as the backend uses it:
 * `GET /loki/api/v1/query_range` (streams, `direction=backward`, `limit`, `start` inclusive and
 * `end` exclusive in nanoseconds, a LogQL stream selector and `|= "text"` filters) and
 * `GET /loki/api/v1/query` for `sum(count_over_time(... [Ns]))`. It evaluates what it is sent
 * against its streams, so a wrong query, range or page gives wrong lines, and keeps every request.
 */

export interface LokiStream {
  labels: Record<string, string>;
  lines: Array<[number, string]>; // [ms, text]
}

export interface LokiStandIn {
  url: string;
  requests: URL[];
  close(): Promise<void>;
}

/** `{a="b", c="d"} |= "x" |= "y"` → matchers and filters; anything else is a 400 like Loki's parse error. */
function parse(q: string): { matchers: Array<[string, string]>; filters: string[] } | undefined {
  const m = /^\{([^}]*)\}((?:\s*\|=\s*"(?:[^"\\]|\\.)*")*)\s*$/.exec(q.trim());
  if (!m) return undefined;
  const matchers: Array<[string, string]> = [];
  for (const part of (m[1] as string)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const mm = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"$/.exec(part);
    if (!mm) return undefined;
    matchers.push([mm[1] as string, JSON.parse(`"${mm[2]}"`) as string]);
  }
  const filters = [...(m[2] as string).matchAll(/\|=\s*("(?:[^"\\]|\\.)*")/g)].map(
    (f) => JSON.parse(f[1] as string) as string,
  );
  return matchers.length ? { matchers, filters } : undefined;
}

export async function startLoki(streams: LokiStream[]): Promise<LokiStandIn> {
  const requests: URL[] = [];
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const select = (q: { matchers: Array<[string, string]>; filters: string[] }, from: bigint, to: bigint) =>
    streams
      .filter((s) => q.matchers.every(([k, v]) => s.labels[k] === v))
      .map((s) => ({
        stream: s.labels,
        values: s.lines
          .filter(([t, text]) => {
            const ns = BigInt(t) * 1_000_000n;
            return ns >= from && ns < to && q.filters.every((f) => text.includes(f));
          })
          .map(([t, text]) => [String(BigInt(t) * 1_000_000n), text] as [string, string]),
      }));
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://loki');
    requests.push(url);
    if (url.pathname === '/loki/api/v1/query_range') {
      const q = parse(url.searchParams.get('query') ?? '');
      if (!q) return send(res, 400, 'parse error : syntax error');
      if (url.searchParams.get('direction') !== 'backward') return send(res, 400, 'expected direction=backward');
      const limit = Number(url.searchParams.get('limit'));
      const all = select(q, BigInt(url.searchParams.get('start') ?? '0'), BigInt(url.searchParams.get('end') ?? '0'));
      // backward with a limit: the newest `limit` entries over all streams
      const flat = all
        .flatMap((s) => s.values.map((v) => ({ s, v })))
        .sort((a, b) => (BigInt(b.v[0]) > BigInt(a.v[0]) ? 1 : -1));
      const keep = new Set(flat.slice(0, limit).map((x) => x.v));
      const result = all
        .map((s) => ({ stream: s.stream, values: s.values.filter((v) => keep.has(v)).reverse() }))
        .filter((s) => s.values.length);
      return send(res, 200, { status: 'success', data: { resultType: 'streams', result, stats: {} } });
    }
    if (url.pathname === '/loki/api/v1/query') {
      const m = /^sum\(count_over_time\((.*) \[(\d+)s\]\)\)$/.exec(url.searchParams.get('query') ?? '');
      const q = m && parse(m[1] as string);
      if (!m || !q) return send(res, 400, 'parse error : syntax error');
      const time = BigInt(url.searchParams.get('time') ?? '0');
      const from = time - BigInt(m[2] as string) * 1_000_000_000n;
      const n = select(q, from, time + 1n).reduce((k, s) => k + s.values.length, 0);
      const value: [number, string] = [Number(time / 1_000_000n) / 1000, String(n)];
      return send(res, 200, {
        status: 'success',
        data: { resultType: 'vector', result: n ? [{ metric: {}, value }] : [] },
      });
    }
    send(res, 404, '404 page not found');
  };
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
