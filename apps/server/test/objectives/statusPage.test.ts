import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { applyYaml } from '../apply/helpers.js';
import { startTestServer, type TestServer, writeCheckResults } from '../helpers/index.js';

// A status page may name objectives: an anonymous visitor sees each one's attainment against its
// target, and nothing else of it.

const MIN = 60_000;
const NOW = Date.parse('2026-11-29T12:00:00Z');

const YAML = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: { name: site, labels: { app: site } }
spec:
  schedule: "@every 1m"
  http:
    - { name: site-home, url: "http://127.0.0.1:9/" }
---
apiVersion: opsdeck.dev/v1
kind: ServiceLevelObjective
metadata: { name: site-availability }
spec:
  target: 99.5
  window: 7d
  indicator:
    availability: { checks: { labelSelector: "app=site" } }
`;

let server: TestServer;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  server = await startTestServer({ clock: new ManualClock(new Date(NOW)) });
  expect((await applyYaml(server, YAML)).status).toBe(200);
  const { rows } = await sql<{ id: string }>`select id from checks where name = 'site-home'`.execute(server.db.kysely);
  // 80 minutes, 2 failing: 97.5%
  await writeCheckResults(
    server.db,
    Array.from({ length: 80 }, (_, i) => ({
      checkId: rows[0]?.id as string,
      time: new Date(NOW - (80 - i) * MIN + 5_000),
      pass: i !== 10 && i !== 11,
      duration: 20,
    })),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('a status page showing objectives', () => {
  it('shows the attainment and target of the objectives it names, in JSON and HTML', async () => {
    const page = await server.fetch('/api/db/status_pages', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'site',
        title: 'Site status',
        spec: { objectives: [{ name: 'site-availability' }, { name: 'not-there' }] },
      }),
    });
    expect(page.status).toBe(201);
    const data = (await (await server.fetch('/status/site.json', { as: null })).json()) as { objectives: unknown };
    expect(data.objectives).toEqual([{ name: 'site-availability', target: 99.5, window: '7d', attainment: 97.5 }]);
    const html = await (await server.fetch('/status/site', { as: null })).text();
    expect(html).toContain('Service level objectives');
    expect(html).toContain('97.50%');
    expect(html).toContain('target 99.5% over 7d');
  });

  it('refuses objectives that are not a list of names, with the path in the message', async () => {
    const res = await server.fetch('/api/db/status_pages', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'bad', title: 'Bad', spec: { objectives: [{ name: '' }] } }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('objectives');
  });
});
