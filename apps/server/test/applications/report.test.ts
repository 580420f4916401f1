import type { ApplicationReport } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { incidentWith, json, type Seeded, seedCatalog } from './seed.js';

// Applications (issue 17 item 3) through HTTP: the resource on /api/db, the audit report built
// from scraped catalog data, its JSON and HTML exports, RBAC and client mistakes.

let server: TestServer;
let seeded: Seeded;

const spec = {
  type: 'Web shop',
  description: 'Orders & <payments>',
  properties: [{ name: 'owner', label: 'Owner', text: 'team-shop' }],
  mapping: {
    logins: [{ types: ['SQL::Database'] }],
    datasources: [{ name: 'orders-*' }],
    accessReviews: [{ name: 'orders-db' }],
    roles: [{ types: ['SQL::Database'], role: 'member' }],
    environments: {
      production: [{ types: ['AWS::EC2::Instance'], purpose: 'primary' }],
    },
  },
  sections: [
    { title: 'Dashboard', icon: 'chart', viewRef: { name: 'shop-dashboard' } },
    { title: 'Database changes', uiRef: { changes: { name: 'orders-db' } } },
    { title: 'Servers', uiRef: { configs: { types: ['AWS::EC2::Instance'] } } },
    { title: 'Logins', uiRef: { accessLogs: { name: 'orders-db' } } },
  ],
};

beforeAll(async () => {
  server = await startTestServer();
  seeded = await seedCatalog(server);
  const res = await server.fetch('/api/db/applications', {
    method: 'POST',
    ...json({ name: 'shop', namespace: 'sales', spec }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}, 180_000);
afterAll(async () => {
  await server?.close();
  seeded?.cleanup();
});

const report = async (path = '/api/application/sales/shop') => {
  const res = await server.fetch(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ApplicationReport;
};

describe('application audit report', () => {
  it('answers details, access control, backups, restores, findings, locations and changes from the catalog', async () => {
    const r = await report();
    expect(r).toMatchObject({ name: 'shop', namespace: 'sales', type: 'Web shop', description: 'Orders & <payments>' });
    expect(r.properties).toEqual([{ name: 'owner', label: 'Owner', text: 'team-shop' }]);
    // Alice holds db-admin; Bob holds access through the dbas group, his role from mapping.roles
    expect(r.accessControl.users).toEqual([
      expect.objectContaining({
        name: 'Alice',
        email: 'alice@example.com',
        role: 'db-admin',
        authType: 'sso',
        config: 'orders-db',
        lastLogin: '2026-01-06T12:00:00.000Z',
        lastAccessReview: '2026-01-05T12:00:00.000Z',
      }),
      expect.objectContaining({
        name: 'Bob',
        role: 'member',
        authType: 'local',
        lastLogin: '2026-01-07T12:00:00.000Z',
      }),
    ]);
    expect(r.accessControl.authentication).toEqual([
      { authType: 'local', users: 1, logins: 1, mfaLogins: 0, lastLogin: '2026-01-07T12:00:00.000Z' },
      { authType: 'sso', users: 1, logins: 3, mfaLogins: 3, lastLogin: '2026-01-06T12:00:00.000Z' },
    ]);
    expect(r.backups.map((b) => [b.type, b.status, b.size, b.source])).toEqual([
      ['BackupFailed', 'failed', null, 'pgbackrest'],
      ['BackupCompleted', 'completed', '2GB', 'pgbackrest'],
    ]);
    expect(r.restores).toEqual([
      expect.objectContaining({
        database: 'orders-db',
        status: 'completed',
        source: 'b1',
        date: '2026-01-03T12:00:00.000Z',
      }),
    ]);
    expect(r.findings).toEqual([
      expect.objectContaining({
        type: 'security',
        severity: 'high',
        title: 'Storage is not encrypted',
        config: 'orders-db',
      }),
    ]);
    expect(r.locations).toEqual([
      {
        account: 'prod-account',
        name: 'production',
        type: 'AWS::EC2::Instance',
        purpose: 'primary',
        region: 'eu-west-1',
        provider: 'AWS',
        resourceCount: 2,
      },
      {
        account: 'prod-account',
        name: 'production',
        type: 'AWS::EC2::Instance',
        purpose: 'primary',
        region: 'us-east-1',
        provider: 'AWS',
        resourceCount: 1,
      },
    ]);
    expect(r.configs.map((c) => c.name)).toEqual(['orders-db', 'web-1', 'web-2', 'web-3']);
    expect(r.changes.map((c) => c.changeType)).toEqual([
      'UserCreated',
      'RestoreCompleted',
      'BackupFailed',
      'BackupCompleted',
    ]);
  });

  it('fills incidents linked to its configs, their changes and insights, and their components', async () => {
    const db = await (await server.fetch('/api/db/config_items?name=eq.orders-db&select=id')).json();
    const change = await (await server.fetch('/api/db/config_changes?change_type=eq.UserCreated&select=id')).json();
    const vm = await (await server.fetch('/api/db/config_items?name=eq.web-3&select=id')).json();
    await incidentWith(server, 'DB down', { config_id: db[0].id }, 'config');
    await incidentWith(server, 'Rogue user', { config_change_id: change[0].id }, 'config_change');
    await incidentWith(server, 'Orders slow', { component_id: seeded.dbComponentId }, 'topology');
    await incidentWith(server, 'Web 3 down', { config_id: vm[0].id }, 'config');
    await incidentWith(server, 'Unrelated', { config_id: '00000000-0000-4000-8000-000000000999' }, 'config');
    const r = await report();
    expect(r.incidents.map((i) => i.title).sort()).toEqual(['DB down', 'Orders slow', 'Rogue user', 'Web 3 down']);
    expect(r.incidents[0]).toMatchObject({ severity: 'high', status: 'open', type: 'availability' });
  });

  it('renders sections: views linked by reference, catalog lists filled', async () => {
    const r = await report();
    expect(r.sections.map((s) => [s.type, s.title])).toEqual([
      ['view', 'Dashboard'],
      ['changes', 'Database changes'],
      ['configs', 'Servers'],
      ['accessLogs', 'Logins'],
    ]);
    expect(r.sections[0]).toMatchObject({
      viewRef: { namespace: 'sales', name: 'shop-dashboard' },
      viewId: null,
      icon: 'chart',
    });
    const servers = r.sections[2] as Extract<ApplicationReport['sections'][number], { type: 'configs' }>;
    expect(servers.configs.map((c) => c.name)).toEqual(['web-1', 'web-2', 'web-3']);
    const logins = r.sections[3] as Extract<ApplicationReport['sections'][number], { type: 'accessLogs' }>;
    expect(logins.accessLogs.map((l) => [l.user, l.count, l.mfa])).toEqual([
      ['Bob', 1, false],
      ['Alice', 3, true],
    ]);
  });

  it('exports JSON and a self-contained, escaped HTML page as attachments', async () => {
    const j = await server.fetch('/api/application/sales/shop/export?format=json');
    expect(j.status).toBe(200);
    expect(j.headers.get('content-type')).toMatch(/^application\/json/);
    expect(j.headers.get('content-disposition')).toBe('attachment; filename="sales-shop-audit.json"');
    const body = (await j.json()) as ApplicationReport;
    expect(body.name).toBe('shop');
    expect(body.backups).toHaveLength(2);

    const h = await server.fetch('/api/application/sales/shop/export?format=html&disposition=inline');
    expect(h.status).toBe(200);
    expect(h.headers.get('content-type')).toMatch(/^text\/html/);
    expect(h.headers.get('content-disposition')).toBe('inline; filename="sales-shop-audit.html"');
    expect(h.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await h.text();
    expect(html).toContain('<h1>shop</h1>');
    expect(html).toContain('Orders &amp; &lt;payments&gt;');
    expect(html).toContain('created user &lt;script&gt;carol&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<link|src=/i);
    for (const title of ['Access Control', 'Backups', 'Restores', 'Findings', 'Locations', 'Incidents', 'Dashboard'])
      expect(html).toContain(`<h2>${title}</h2>`);
  });
});

describe('application RBAC and client mistakes', () => {
  it('lets a viewer read reports but not write applications; strangers get 401, agents 403', async () => {
    expect((await server.fetch('/api/application/sales/shop', { as: 'viewer' })).status).toBe(200);
    expect((await server.fetch('/api/application/sales/shop', { as: null })).status).toBe(401);
    expect((await server.fetch('/api/application/sales/shop/export', { as: 'agent' })).status).toBe(403);
    const write = await server.fetch('/api/db/applications', {
      method: 'POST',
      as: 'viewer',
      ...json({ name: 'x', spec: {} }),
    });
    expect(write.status).toBe(403);
    const list = await (await server.fetch('/api/db/applications?select=name,namespace', { as: 'viewer' })).json();
    expect(list).toEqual([{ name: 'shop', namespace: 'sales' }]);
  });

  it('answers 400 naming the field for a bad spec, format or name, and 404 for an unknown application', async () => {
    const bad = await server.fetch('/api/db/applications', {
      method: 'POST',
      ...json({
        name: 'broken',
        spec: { mapping: { logins: [{ typo: 1 }], roles: [{ types: ['x'] }] }, sections: [{ title: 'x' }] },
      }),
    });
    expect(bad.status).toBe(400);
    const { message } = await bad.json();
    expect(message).toContain('spec.mapping.logins[0].typo: unknown field');
    expect(message).toContain('spec.mapping.roles[0].role');
    expect(message).toContain('spec.sections[0]: set viewRef or uiRef');
    const noSpec = await server.fetch('/api/db/applications', { method: 'POST', ...json({ name: 'nospec' }) });
    expect(noSpec.status).toBe(400);
    const patch = await server.fetch('/api/db/applications?name=eq.shop', {
      method: 'PATCH',
      ...json({ spec: { mapping: { environments: { prod: 'all' } } } }),
    });
    expect(patch.status).toBe(400);
    expect((await patch.json()).message).toContain('spec.mapping.environments.prod');

    const format = await server.fetch('/api/application/sales/shop/export?format=pdf');
    expect(format.status).toBe(400);
    expect((await format.json()).message).toContain('format: expected json or html');
    const name = await server.fetch('/api/application/sales/sh%20op');
    expect(name.status).toBe(400);
    expect((await name.json()).message).toContain('name');
    const missing = await server.fetch('/api/application/sales/nothing');
    expect(missing.status).toBe(404);
    // the stored spec was not touched by the refused PATCH
    expect((await report()).locations).toHaveLength(2);
  });
});
