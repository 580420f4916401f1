import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRows, fetchView, json, saveView, startPrometheus } from './helpers.js';
import { CONFIG_A, cols, httpUrl, server, useViewSources } from './sourcesFixture.js';

/**
 * Views through HTTP with each query source: a real Prometheus (Debian's package), the machine's
 * PostgreSQL through a stored connection, a local HTTP server, the catalog (configs, changes) and
 * checks.
 */

let prometheus: Awaited<ReturnType<typeof startPrometheus>>;
useViewSources();
beforeAll(async () => {
  prometheus = await startPrometheus();
}, 180_000);
afterAll(async () => {
  await prometheus?.stop();
});

describe('query sources', () => {
  it('prometheus: an instant query against a real Prometheus, samples as rows', async () => {
    const id = await saveView(server, 'prom-up', {
      queries: { up: { prometheus: { url: prometheus.url, query: 'up' } } },
      columns: [
        { name: 'job', type: 'string', primaryKey: true },
        { name: 'value', type: 'number' },
        { name: 'timestamp', type: 'datetime' },
      ],
      panels: [{ name: 'Targets up', type: 'number', query: 'select sum(value) as value from up' }],
    });
    const { status, body } = await fetchView(server, id);
    expect(status).toBe(200);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    expect(body.panels[0].rows).toEqual([{ value: 1 }]);
    const rows = await fetchRows(server, id, body.requestFingerprint);
    expect(rows.body.rows).toEqual([expect.objectContaining({ job: 'prometheus', value: 1 })]);
    // a bad query reports Prometheus's own words
    const bad = await saveView(server, 'prom-bad', {
      queries: { q: { prometheus: { url: prometheus.url, query: 'sum(' } } },
      columns: cols('value'),
    });
    const failed = await fetchView(server, bad);
    expect(failed.status).toBe(502);
    expect(failed.body.refreshStatus).toBe('error');
    expect(failed.body.refreshError).toMatch(/queries\.q: prometheus .*bad_data/);
  });

  it('sql: a query over a stored PostgreSQL connection', async () => {
    const id = await saveView(server, 'pg-dbs', {
      queries: {
        dbs: {
          sql: {
            connection: 'connection://default/views-pg',
            query:
              "select datname as name, pg_database_size(datname) as size from pg_database where datname = 'postgres'",
          },
        },
      },
      columns: [
        { name: 'name', type: 'string', primaryKey: true },
        { name: 'size', type: 'bytes' },
      ],
    });
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    const rows = await fetchRows(server, id, body.requestFingerprint);
    expect(rows.body.rows).toEqual([{ name: 'postgres', size: expect.any(Number) }]);
    expect(rows.body.rows[0].size).toBeGreaterThan(0);
  });

  it('http: a JSON API with a JSONPath selecting the rows', async () => {
    const id = await saveView(server, 'http-pods', {
      queries: { pods: { http: { url: `${httpUrl}/pods?ns=x`, jsonpath: '$.data.pods' } } },
      columns: [
        { name: 'pod', type: 'string', primaryKey: true },
        { name: 'restarts', type: 'number' },
        { name: 'ready', type: 'boolean' },
      ],
    });
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    const rows = await fetchRows(server, id, body.requestFingerprint, '&sort=restarts&order=desc');
    expect(rows.body).toEqual({
      total: 2,
      rows: [
        { pod: 'web-2', restarts: 3, ready: false },
        { pod: 'web-1', restarts: 0, ready: true },
      ],
    });
  });

  it('configs and changes: catalog selectors, config_item links', async () => {
    const id = await saveView(server, 'namespaces', {
      queries: { ns: { configs: { types: ['Kubernetes::Namespace'], tagSelector: 'cluster=prod' } } },
      columns: [
        { name: 'id', type: 'config_item', primaryKey: true },
        { name: 'name', type: 'string' },
        { name: 'health', type: 'health' },
      ],
    });
    const { body } = await fetchView(server, id);
    const rows = await fetchRows(server, id, body.requestFingerprint);
    expect(rows.body.rows).toEqual([
      { id: CONFIG_A, name: 'orders', health: 'healthy', __attributes: { id: { url: `/catalog/${CONFIG_A}` } } },
    ]);
    const changes = await saveView(server, 'ns-changes', {
      queries: { c: { changes: { types: ['Kubernetes::Namespace'] } } },
      columns: [
        { name: 'id', type: 'string', primaryKey: true },
        // a link to another view, its variables from CEL over the row
        {
          name: 'config_name',
          type: 'string',
          url: { view: { name: 'namespaces', filter: { item: 'row.config_name' } } },
        },
        { name: 'change_type', type: 'string', filter: { type: 'multiselect' } },
      ],
    });
    const c = await fetchView(server, changes);
    // a health other than healthy adds a change of its own when the item is written
    expect(c.body.columnOptions.change_type.list).toEqual(expect.arrayContaining(['BackupCompleted', 'diff']));
    const filtered = await fetchRows(server, changes, c.body.requestFingerprint, '&filter.change_type=BackupCompleted');
    expect(filtered.body.rows.map((r: { config_name: string }) => r.config_name)).toEqual(['billing']);
    expect(filtered.body.rows[0].__attributes).toEqual({ config_name: { url: `/views/${id}?item=billing` } });
    // a view of sections only answers them, without queries or rows
    const sections = await saveView(server, 'overview', {
      sections: [
        { title: 'Namespaces', viewRef: { name: 'namespaces' } },
        { title: 'Changes', icon: 'diff', viewRef: { namespace: 'default', name: 'ns-changes' } },
      ],
    });
    const overview = await server.fetch('/api/view/default/overview');
    expect(overview.status).toBe(200);
    expect(await overview.json()).toMatchObject({
      id: sections,
      totalRows: 0,
      sections: [
        { title: 'Namespaces', viewRef: { name: 'namespaces' } },
        { title: 'Changes', viewRef: { name: 'ns-changes' } },
      ],
    });
  });

  it('checks: the checks a selector matches', async () => {
    const canary = await server.fetch('/api/db/canaries', {
      method: 'POST',
      ...json({
        name: 'view-checks',
        spec: {
          schedule: '@every 1h',
          tcp: [{ name: 'view-port', endpoint: '127.0.0.1:1', labels: { team: 'views' } }],
        },
      }),
    });
    expect(canary.status).toBe(201);
    const id = await saveView(server, 'team-checks', {
      queries: { checks: { checks: { labelSelector: 'team=views' } } },
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'string' },
        { name: 'type', type: 'string' },
      ],
    });
    const { body } = await fetchView(server, id);
    const rows = await fetchRows(server, id, body.requestFingerprint);
    expect(rows.body.rows).toEqual([{ id: expect.any(String), name: 'view-port', type: 'tcp' }]);
  });

  it("checks: a check has its canary's labels, and a merge over no matching checks still runs", async () => {
    const canary = await server.fetch('/api/db/canaries', {
      method: 'POST',
      ...json({
        name: 'team-canary',
        labels: { team: 'ops', tier: 'web' },
        spec: {
          schedule: '@every 1h',
          tcp: [
            { name: 'ops-port', endpoint: '127.0.0.1:1' },
            { name: 'ops-db', endpoint: '127.0.0.1:2', labels: { tier: 'db' } },
          ],
        },
      }),
    });
    expect(canary.status).toBe(201);
    const checks = await server.fetch('/api/db/checks?select=name,labels&name=like.ops-*&order=name.asc');
    expect(await checks.json()).toEqual([
      { name: 'ops-db', labels: { team: 'ops', tier: 'db' } },
      { name: 'ops-port', labels: { team: 'ops', tier: 'web' } },
    ]);
    const merged = (selector: string) =>
      saveView(server, `ops-${selector.replace(/\W/g, '-')}`, {
        queries: { checks: { checks: { labelSelector: selector } } },
        merge: "select * from checks where type = 'tcp'",
        columns: [
          { name: 'id', type: 'string', primaryKey: true, hidden: true },
          { name: 'name', type: 'string' },
        ],
        panels: [
          {
            name: 'Count',
            type: 'number',
            query: "select count(*) as value from checks where tags ->> 'team' = 'ops'",
          },
        ],
      });
    const ops = await fetchView(server, await merged('team=ops'));
    expect(ops.status).toBe(200);
    expect(ops.body.refreshStatus, ops.body.refreshError).toBe('fresh');
    expect(ops.body.totalRows).toBe(2);
    expect(ops.body.panels[0].rows).toEqual([{ value: 2 }]);
    const none = await fetchView(server, await merged('team=nobody'));
    expect(none.status).toBe(200);
    expect(none.body.refreshStatus, none.body.refreshError).toBe('fresh');
    expect(none.body.totalRows).toBe(0);
    expect(none.body.panels[0].rows).toEqual([{ value: 0 }]);
    const search = await server.fetch('/api/resources/search', {
      method: 'POST',
      ...json({ checks: [{ labelSelector: 'team=ops,tier=db' }] }),
    });
    expect(((await search.json()) as { checks: Array<{ name: string }> }).checks.map((c) => c.name)).toEqual([
      'ops-db',
    ]);
  });
});
