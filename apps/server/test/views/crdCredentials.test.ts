import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { fetchRows, fetchView, json, saveView, startPrometheus } from './helpers.js';

/**
 * The View CRD fields Mission Control files use, end to end over HTTP: credentials of each source
 * (prometheus bearer and oauth, sql by url, http headers), the CRD forms of a real view file, and
 * the fields OpsDeck refuses (NTLM, helmRef) naming their path.
 */

let server: TestServer;
let prometheus: Awaited<ReturnType<typeof startPrometheus>>;
let http: Server;
let httpUrl = '';

beforeAll(async () => {
  server = await startTestServer();
  prometheus = await startPrometheus();
  // a JSON API answering one row, for the http source's headers
  http = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([{ name: 'orders' }]));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  httpUrl = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
}, 180_000);

afterAll(async () => {
  await prometheus?.stop();
  await new Promise((r) => http?.close(r));
  await server?.close();
});

describe('View CRD fields: credentials and CRD forms', () => {
  it('credentials: prometheus bearer and oauth, sql by url, http headers as a list', async () => {
    // a stand-in Prometheus that answers only the token its identity provider issued
    const seen: string[] = [];
    const prom = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/token') {
        res.end(JSON.stringify({ access_token: 'issued-token', token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      seen.push(String(req.headers.authorization ?? ''));
      const ok = ['Bearer static-token', 'Bearer issued-token'].includes(String(req.headers.authorization));
      res.statusCode = ok ? 200 : 401;
      res.end(
        JSON.stringify(
          ok
            ? {
                status: 'success',
                data: { resultType: 'vector', result: [{ metric: { job: 'api' }, value: [1, '1'] }] },
              }
            : { status: 'error', errorType: 'unauthorized', error: 'no token' },
        ),
      );
    });
    await new Promise<void>((r) => prom.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(prom.address() as { port: number }).port}`;
    try {
      const cols = [{ name: 'job', type: 'string', primaryKey: true }];
      const bearer = await saveView(server, 'prom-bearer', {
        queries: { q: { prometheus: { url, query: 'up', bearer: { value: 'static-token' } } } },
        columns: cols,
      });
      const b = await fetchView(server, bearer);
      expect(b.body.refreshStatus, b.body.refreshError).toBe('fresh');
      const oauth = await saveView(server, 'prom-oauth', {
        queries: {
          q: {
            prometheus: {
              url,
              query: 'up',
              oauth: { tokenURL: `${url}/token`, clientID: { value: 'opsdeck' }, clientSecret: { value: 's3cret' } },
            },
          },
        },
        columns: cols,
      });
      const o = await fetchView(server, oauth);
      expect(o.body.refreshStatus, o.body.refreshError).toBe('fresh');
      expect((await fetchRows(server, oauth, o.body.requestFingerprint)).body.rows).toEqual([{ job: 'api' }]);
      expect(seen).toEqual(['Bearer static-token', 'Bearer issued-token']);
    } finally {
      await new Promise((r) => prom.close(r));
    }
    const sqlView = await saveView(server, 'sql-by-url', {
      queries: {
        q: {
          sql: {
            url: { value: 'postgres://$(username)@127.0.0.1:5432/postgres' },
            username: { value: 'postgres' },
            query: "select 'ok' as n",
          },
        },
      },
      columns: [{ name: 'n', type: 'string', primaryKey: true }],
    });
    const q = await fetchView(server, sqlView);
    expect(q.body.refreshStatus, q.body.refreshError).toBe('fresh');
    expect((await fetchRows(server, sqlView, q.body.requestFingerprint)).body.rows).toEqual([{ n: 'ok' }]);
    const headers = await saveView(server, 'http-header-list', {
      queries: { q: { http: { url: httpUrl, headers: [{ name: 'x-team', value: 'shop' }] } } },
      columns: [{ name: 'name', type: 'string', primaryKey: true }],
    });
    expect((await fetchView(server, headers)).body.refreshStatus).toBe('fresh');
  });

  it('accepts the CRD forms of a real view file and refuses NTLM and helmRef naming the path', async () => {
    const ok = await server.fetch('/api/db/views', {
      method: 'POST',
      ...json({
        name: 'crd-forms',
        spec: {
          description: 'from Mission Control',
          queries: {
            prom: {
              prometheus: {
                url: prometheus.url,
                query: 'up',
                bearer: { value: 'prom-bearer-token' },
                oauth: { tokenURL: 'https://idp.example.com/token', clientSecret: { value: 'oauth-client-secret' } },
                tls: { insecureSkipVerify: true, handshakeTimeout: 10_000_000_000, key: { value: 'PEM-PRIVATE-KEY' } },
              },
            },
          },
          columns: [
            { name: 'job', type: 'string', primaryKey: true, cardPosition: 'title' },
            { name: 'value', type: 'gauge', gauge: { min: '0', max: '1' } },
          ],
          panels: [
            { name: 'Up', type: 'bargauge', query: 'select job as label, value from prom', bargauge: { max: '1' } },
          ],
        },
      }),
    });
    expect(ok.status, await ok.clone().text()).toBe(201);
    // credentials in the spec are never read back
    const stored = await (await server.fetch('/api/db/views?name=eq.crd-forms&select=spec')).text();
    for (const secret of ['prom-bearer-token', 'oauth-client-secret', 'PEM-PRIVATE-KEY'])
      expect(stored).not.toContain(secret);
    expect(stored).toContain('idp.example.com');
    const bad = await server.fetch('/api/db/views', {
      method: 'POST',
      ...json({
        name: 'crd-refused',
        spec: {
          queries: {
            prom: {
              prometheus: {
                url: prometheus.url,
                query: 'up',
                ntlm: true,
                password: { valueFrom: { helmRef: { name: 'prom', key: 'x' } } },
              },
            },
          },
          columns: [{ name: 'job', type: 'string', primaryKey: true }],
        },
      }),
    });
    expect(bad.status).toBe(400);
    const { message } = await bad.json();
    expect(message).toContain('queries.prom.prometheus.ntlm: NTLM needs its handshake');
    expect(message).toContain('queries.prom.prometheus.password.valueFrom.helmRef: helmRef reads a Helm release');
  });
});
