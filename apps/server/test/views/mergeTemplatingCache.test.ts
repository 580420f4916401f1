import { describe, expect, it } from 'vitest';
import { fetchRows, fetchView, json, saveView } from './helpers.js';
import { cols, httpCalls, httpUrl, server, useViewSources } from './sourcesFixture.js';

/** Views through HTTP: merges of several queries, templating with catalog options, and the cache. */

useViewSources();

describe('merge, templating and cache', () => {
  it('merges several queries with SQL and maps columns with CEL', async () => {
    const id = await saveView(server, 'merged', {
      queries: {
        pods: { http: { url: `${httpUrl}/pods`, jsonpath: '$.data.pods' } },
        ns: { configs: { types: ['Kubernetes::Namespace'] } },
      },
      merge: 'select p.pod, p.restarts, n.name as namespace from pods p cross join ns n where n.name = $$orders$$',
      mapping: { label: "row.pod + '@' + row.namespace" },
      columns: [
        { name: 'pod', type: 'string', primaryKey: true },
        { name: 'restarts', type: 'number' },
        { name: 'label', type: 'string' },
      ],
      panels: [
        { name: 'Restarts', type: 'bargauge', query: 'select pod as label, restarts as value from pods order by pod' },
      ],
    });
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    expect(body.panels[0].rows).toEqual([
      { label: 'web-1', value: 0 },
      { label: 'web-2', value: 3 },
    ]);
    const rows = await fetchRows(server, id, body.requestFingerprint, '&sort=pod');
    expect(rows.body.rows).toEqual([
      { pod: 'web-1', restarts: 0, label: 'web-1@orders' },
      { pod: 'web-2', restarts: 3, label: 'web-2@orders' },
    ]);
    // the merge sees only the query tables, never OpsDeck's own
    const sneaky = await saveView(server, 'sneaky', {
      queries: { ns: { configs: { types: ['Kubernetes::Namespace'] } } },
      merge: 'select name from people',
      columns: cols('name'),
    });
    const s = await fetchView(server, sneaky);
    expect(s.status).toBe(502);
    expect(s.body.refreshStatus).toBe('error');
    expect(s.body.refreshError).toMatch(/merge: .*people.* does not exist/);
  });

  it('templating: options from the catalog, the value in the queries, one result per value', async () => {
    const id = await saveView(server, 'by-cluster', {
      templating: [
        {
          key: 'cluster',
          label: 'Cluster',
          valueFrom: { config: { types: ['Kubernetes::Namespace'] }, value: "tags['cluster']" },
          default: 'prod',
        },
      ],
      queries: { ns: { configs: { types: ['Kubernetes::Namespace'], tagSelector: 'cluster=$(var.cluster)' } } },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'string' },
      ],
    });
    const prod = await fetchView(server, id);
    expect(prod.body.variables).toEqual([
      expect.objectContaining({ key: 'cluster', label: 'Cluster', options: ['dev', 'prod'], value: 'prod' }),
    ]);
    expect(
      (await fetchRows(server, id, prod.body.requestFingerprint)).body.rows.map((r: { name: string }) => r.name),
    ).toEqual(['orders']);
    const dev = await server.fetch(`/api/view/default/by-cluster?cluster=dev`);
    const devBody = await dev.json();
    expect(devBody.requestFingerprint).not.toBe(prod.body.requestFingerprint);
    expect(
      (await fetchRows(server, id, devBody.requestFingerprint)).body.rows.map((r: { name: string }) => r.name),
    ).toEqual(['billing']);
    // a value that is not an option, or an unknown variable, is refused
    expect((await fetchView(server, id, { cluster: "prod' or 1=1" })).status).toBe(400);
    const unknown = await fetchView(server, id, { region: 'eu' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message ?? unknown.body.error).toMatch(/variables\.region/);
  });

  it('cache: served until maxAge, refreshed by Refresh (max-age) but never before minAge', async () => {
    const id = await saveView(server, 'cached', {
      cache: { maxAge: '1h', minAge: '1s' },
      queries: { pods: { http: { url: `${httpUrl}/pods`, jsonpath: '$.data.pods' } } },
      columns: cols('pod'),
    });
    const before = httpCalls;
    const first = await fetchView(server, id);
    expect(first.body.refreshStatus).toBe('fresh');
    const second = await fetchView(server, id);
    expect(second.body.refreshStatus).toBe('cache');
    expect(second.body.lastRefreshedAt).toBe(first.body.lastRefreshedAt);
    // Refresh within minAge still answers the cache
    expect((await fetchView(server, id, {}, { 'cache-control': 'max-age=0' })).body.refreshStatus).toBe('cache');
    expect(httpCalls - before).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    const refreshed = await fetchView(server, id, {}, { 'cache-control': 'max-age=0' });
    expect(refreshed.body.refreshStatus).toBe('fresh');
    expect(httpCalls - before).toBe(2);
    // a failing refresh keeps the last good rows and says why
    await server.fetch(`/api/db/views?id=eq.${id}`, {
      method: 'PATCH',
      ...json({
        spec: {
          cache: { maxAge: '1h', minAge: '1s' },
          queries: { pods: { http: { url: 'http://127.0.0.1:1/x' } } },
          columns: cols('pod'),
        },
      }),
    });
    const broken = await fetchView(server, id);
    expect(broken.body.refreshStatus).toBe('error'); // the edit dropped the cache: nothing to fall back on
    expect(broken.body.totalRows).toBe(0);
  });
});
