import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

// Issue 16 item 5: /settings/integrations lists integrations_with_status (catalog scrapers with
// their latest job), paged, read-only.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const scraper = await server.db.kysely
    .insertInto('config_scrapers')
    .values({ name: 'files', spec: JSON.stringify({ file: [] }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.kysely
    .insertInto('job_history')
    .values([
      {
        name: 'scrape',
        resource_type: 'config_scraper',
        resource_id: scraper.id,
        status: 'FAILED',
        created_at: new Date(Date.now() - 60_000),
      },
      { name: 'scrape', resource_type: 'config_scraper', resource_id: scraper.id, status: 'SUCCESS', success_count: 3 },
    ])
    .execute();
  await server.db.kysely
    .insertInto('config_scrapers')
    .values({ name: 'gone', spec: '{}', deleted_at: new Date() })
    .execute();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('integrations', () => {
  it('lists live integrations with their latest job, paged with a total', async () => {
    const res = await server.fetch(
      '/api/db/integrations_with_status?deleted_at=is.null&order=created_at.desc&limit=50&offset=0&select=name,integration_type,job_status,job_success_count',
      { headers: { prefer: 'count=exact' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-0/1');
    expect(await res.json()).toEqual([
      { name: 'files', integration_type: 'scrapers', job_status: 'SUCCESS', job_success_count: 3 },
    ]);
  });

  it('is read-only, and guests may read it', async () => {
    expect((await server.fetch('/api/db/integrations_with_status?select=id', { as: 'guest' })).status).toBe(200);
    const res = await server.fetch('/api/db/integrations_with_status', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(405);
  });
});

describe('log backends', () => {
  const post = (body: unknown, as: 'admin' | 'viewer' = 'admin') =>
    server.fetch('/api/db/logging_backends', {
      as,
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
    });

  it('creates one with labels and a spec, masks its secrets, and lists it as an integration', async () => {
    const res = await post({
      name: 'loki',
      labels: { env: 'prod' },
      spec: { loki: { url: 'http://loki:3100', password: 'hunter2' } },
    });
    expect(res.status).toBe(201);
    const [row] = (await res.json()) as Array<{ id: string }>;
    const read = await server.fetch(`/api/db/logging_backends?id=eq.${row?.id}&select=spec`);
    const [stored] = (await read.json()) as Array<{ spec: { loki: { url: string; password: string } } }>;
    expect(stored?.spec.loki.url).toBe('http://loki:3100');
    expect(stored?.spec.loki.password).not.toContain('hunter2');
    const list = await server.fetch(
      '/api/db/integrations_with_status?select=name,integration_type,job_status&integration_type=eq.logging_backends',
    );
    expect(await list.json()).toEqual([{ name: 'loki', integration_type: 'logging_backends', job_status: null }]);
  });

  it('requires a name (400) and refuses viewers (403)', async () => {
    expect((await post({ name: ' ', spec: {} })).status).toBe(400);
    expect((await post({ spec: {} })).status).toBe(400);
    expect((await post({ name: 'v', spec: {} }, 'viewer')).status).toBe(403);
  });
});
