import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { allPages, iso, json, saveBackend, search } from './helpers.js';
import { startKubeLogs } from './kubeLogStandIn.js';
import { startLoki } from './lokiStandIn.js';
import { startSearch } from './searchStandIn.js';

/**
 * Loki, OpenSearch, Elasticsearch and Kubernetes backends through POST /api/logs, each against a
 * local stand-in speaking its real API (none can run here): the tests check the query, time
 * range and paging each stand-in receives, and what comes back.
 */

// the parts of a search body the tests read
type Body = {
  size: number;
  track_total_hits: boolean;
  query: { bool: { filter: Array<{ range: Record<string, { gte: string; lte: string }> }>; must: unknown[] } };
};

const NOW = Date.now();
const MIN = 60_000;
let server: TestServer;
const closers: Array<() => Promise<void>> = [];
const minutes = (n: number) => Array.from({ length: n }, (_, i) => NOW - i * MIN); // newest first

let loki: Awaited<ReturnType<typeof startLoki>>;
let os: Awaited<ReturnType<typeof startSearch>>;
let es: Awaited<ReturnType<typeof startSearch>>;
let kube: Awaited<ReturnType<typeof startKubeLogs>>;

const doc = (t: number, i: number) => ({
  _id: `d${i}`,
  '@timestamp': iso(t),
  message: i % 5 === 0 ? `checkout failed order=${i}` : `checkout ok order=${i}`,
  level: i % 5 === 0 ? 'ERROR' : 'INFO',
  service: i % 2 ? 'cart' : 'pay',
});

beforeAll(async () => {
  server = await startTestServer();
  loki = await startLoki([
    {
      labels: { app: 'shop', pod: 'a' },
      lines: minutes(120).map((t, i) => [t, `GET /cart ${i % 4 ? 200 : 500} took=${i}ms`]),
    },
    { labels: { app: 'shop', pod: 'b' }, lines: minutes(120).map((t, i) => [t - 1000, `worker tick ${i}`]) },
    { labels: { app: 'other' }, lines: minutes(10).map((t) => [t, 'GET /cart 500 other']) },
  ]);
  const docs = minutes(300).map(doc);
  os = await startSearch('opensearch', 'logs-*', docs);
  es = await startSearch('elasticsearch', 'logs', docs);
  kube = await startKubeLogs(
    [
      {
        name: 'web-1',
        namespace: 'shop',
        labels: { app: 'web' },
        logs: { web: minutes(90).map((t, i) => [t, `served ${i}`]), sidecar: [[NOW - 5 * MIN, 'sidecar served']] },
      },
      {
        name: 'web-2',
        namespace: 'shop',
        labels: { app: 'web' },
        logs: { web: minutes(30).map((t, i) => [t - 500, `served b${i}`]) },
      },
      { name: 'db-1', namespace: 'shop', labels: { app: 'db' }, logs: { db: [[NOW, 'served db']] } },
    ],
    () => Date.now(),
  );
  closers.push(loki.close, os.close, es.close, kube.close);
  await saveBackend(server, 'loki', {
    loki: { url: loki.url, query: '{app="shop"}', username: 'u', password: 'loki-secret' },
  });
  await saveBackend(server, 'os', {
    opensearch: { address: os.url, index: 'logs-*', fields: { severity: 'level', labels: ['service'] } },
  });
  await saveBackend(server, 'es', {
    elasticsearch: {
      address: es.url,
      index: 'logs',
      query: '{"query_string": {"query": "\\"{{query}}\\""}}',
      fields: { message: 'message', timestamp: '@timestamp', severity: 'level', exclusions: ['level'] },
      password: 'es-secret',
      username: 'elastic',
    },
  });
  await saveBackend(server, 'kube', {
    kubernetes: { kubeconfig: kube.kubeconfig, namespace: 'shop', selector: 'app=web' },
  });
});
afterAll(async () => {
  await server?.close();
  for (const c of closers) await c();
});

describe('Loki backend', () => {
  it('sends LogQL with the labels and text, the range in ns and backward paging; answers streams merged newest first', async () => {
    const start = NOW - 60 * MIN;
    const r = await search(server, {
      name: 'loki',
      query: 'GET /cart 500',
      labels: { pod: 'a' },
      start: iso(start),
      limit: 4,
    });
    const q = loki.requests.find((u) => u.pathname.endsWith('query_range')) as URL;
    expect(q.searchParams.get('query')).toBe('{app="shop", pod="a"} |= "GET /cart 500"');
    expect(q.searchParams.get('start')).toBe(`${BigInt(start) * 1_000_000n}`);
    expect(q.searchParams.get('direction')).toBe('backward');
    expect(q.searchParams.get('limit')).toBe('4');
    expect(r.total).toBe(16); // minutes 0, 4, ... 60 of pod a
    expect(r.results.map((l) => l.message)).toEqual([0, 4, 8, 12].map((i) => `GET /cart 500 took=${i}ms`));
    expect(r.results[0]?.labels).toEqual({ app: 'shop', pod: 'a' });
    const { lines, totals } = await allPages(server, {
      name: 'loki',
      query: 'GET /cart 500',
      labels: { pod: 'a' },
      start: iso(start),
      limit: 4,
    });
    expect(totals).toEqual([16]);
    expect(lines.map((l) => l.message)).toEqual(Array.from({ length: 16 }, (_, i) => `GET /cart 500 took=${i * 4}ms`));
    const second = loki.requests.filter((u) => u.pathname.endsWith('query_range'))[2] as URL;
    expect(BigInt(second.searchParams.get('end') as string)).toBe(BigInt(NOW - 12 * MIN) * 1_000_000n); // resumes before the last line
  });

  it('reports Loki failures as 502 naming Loki, without the password', async () => {
    await saveBackend(server, 'loki-bad', {
      loki: { url: loki.url, query: '{app="shop"} | json', password: 'loki-secret' },
    });
    const res = await server.fetch('/api/logs', json({ name: 'loki-bad' }));
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(text).toContain('Loki answered 400');
    expect(text).not.toContain('loki-secret');
  });
});

describe('OpenSearch and Elasticsearch backends', () => {
  it('OpenSearch: range, phrase and label terms in the body, search_after paging, mapped labels and severity', async () => {
    const body = {
      name: 'os',
      query: 'checkout failed',
      labels: { service: 'pay' },
      start: iso(NOW - 120 * MIN),
      limit: 3,
    };
    const r = await search(server, body);
    const sent = os.bodies[0]?.body as Body;
    expect(os.bodies[0]?.path).toBe('/logs-*/_search');
    expect(sent.size).toBe(3);
    expect(sent.track_total_hits).toBe(true);
    expect(sent.query.bool.filter[1]).toEqual({ term: { service: 'pay' } });
    expect(sent.query.bool.must).toEqual([{ match_phrase: { message: 'checkout failed' } }]);
    expect(Date.parse(sent.query.bool.filter[0]?.range['@timestamp']?.gte ?? '')).toBe(NOW - 120 * MIN);
    expect(r.total).toBe(13); // i = 0, 10, ... 120: multiples of 5 that are even
    expect(r.results[0]).toMatchObject({
      id: 'd0',
      message: 'checkout failed order=0',
      severity: 'error',
      labels: { service: 'pay' },
    });
    const { lines } = await allPages(server, body);
    expect(lines.map((l) => l.id)).toEqual(Array.from({ length: 13 }, (_, i) => `d${i * 10}`));
    expect(os.bodies.at(-1)?.body.search_after).toEqual([NOW - 110 * MIN]); // the last page resumes after the 12th line
  });

  it('Elasticsearch: the query template gets the text, exclusions leave labels, pages follow', async () => {
    const body = { name: 'es', query: 'order=1', start: iso(NOW - 30 * MIN), end: iso(NOW), limit: 2 };
    const r = await search(server, body);
    const sent = es.bodies[0]?.body as Body;
    expect(sent.query.bool.must).toEqual([{ query_string: { query: '"order=1"' } }]);
    expect(Date.parse(sent.query.bool.filter[0]?.range['@timestamp']?.lte ?? '')).toBe(NOW);
    expect(r.total).toBe(11); // 1, 10..19
    expect(r.results[0]?.labels).toEqual({ service: 'cart' });
    const { lines } = await allPages(server, body);
    expect(lines.length).toBe(11);
    expect(new Set(lines.map((l) => l.id)).size).toBe(11);
  });

  it('masks the backends passwords on read', async () => {
    const res = await server.fetch('/api/db/logging_backends?select=name,spec&name=in.(es,loki)');
    const text = await res.text();
    expect(text).not.toContain('es-secret');
    expect(text).not.toContain('loki-secret');
    expect(text).not.toContain('current-context'); // nothing else masked shows, kubeconfig in its row below
    const kubeRow = await (await server.fetch('/api/db/logging_backends?select=spec&name=eq.kube')).text();
    expect(kubeRow).not.toContain('log-token');
  });
});

describe('Kubernetes backend', () => {
  it('lists pods by selector and labels, reads each container with timestamps since the start, cuts and pages', async () => {
    const body = { name: 'kube', query: 'served', start: iso(NOW - 20 * MIN), end: iso(NOW - 2 * MIN), limit: 10 };
    const r = await search(server, body);
    const list = kube.requests.find((u) => u.pathname.endsWith('/pods')) as URL;
    expect(list.searchParams.get('labelSelector')).toBe('app=web');
    const logs = kube.requests.filter((u) => u.pathname.endsWith('/log'));
    expect(logs.map((u) => `${u.pathname.split('/')[6]}/${u.searchParams.get('container')}`).sort()).toEqual([
      'web-1/sidecar',
      'web-1/web',
      'web-2/web',
    ]);
    for (const u of logs) {
      expect(u.searchParams.get('timestamps')).toBe('true');
      expect(Number(u.searchParams.get('sinceSeconds'))).toBeGreaterThanOrEqual(20 * 60);
      expect(Number(u.searchParams.get('sinceSeconds'))).toBeLessThan(20 * 60 + 120);
    }
    expect(r.total).toBe(19 + 18 + 1); // minutes 2..20 of web-1, 2..19 of web-2 (half a second earlier), the sidecar
    expect(r.results[0]?.labels).toMatchObject({ pod: 'web-1', container: 'web', namespace: 'shop', app: 'web' });
    const { lines } = await allPages(server, body);
    expect(lines.length).toBe(38);
    expect(new Set(lines.map((l) => l.id)).size).toBe(38);
    const times = lines.map((l) => Date.parse(l.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const db = await search(server, { name: 'kube', labels: { app: 'db' } });
    expect(db.total).toBe(0); // the backend's selector app=web and app=db select nothing
  });
});
