import type { PublicStatusPage } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer, writeCheckResults } from '../helpers/index.js';
import { buildPerson } from '../incidents/builders.js';
import { createCheck } from '../notifications/fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let server: TestServer;
let clock: ManualClock;
// every id and text a visitor must never see
const secrets: string[] = [];
const today = Math.floor(Date.now() / DAY) * DAY;
const yesterday = today - DAY;

const json = { 'content-type': 'application/json', prefer: 'return=representation' };
async function post(table: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await server.fetch(`/api/db/${table}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
}

beforeAll(async () => {
  clock = new ManualClock(new Date(today + 12 * HOUR));
  server = await startTestServer({ clock });
  secrets.push((await buildPerson(server.db.kysely, 'admin')).id);
  const web = await createCheck(server.db, 'web-frontend', { public: 'yes' });
  const hidden = await createCheck(server.db, 'PRIVATE-CHECK-NAME', { public: 'no' });
  secrets.push(web.id, web.canaryId, hidden.id, hidden.canaryId, 'canary-web-frontend');
  // yesterday 10:00-11:00 every result fails (inside maintenance), 11:00-12:00 every one passes
  const results = [];
  for (let m = 0; m < 120; m += 10) {
    const time = new Date(yesterday + 10 * HOUR + m * 60_000);
    const pass = m >= 60;
    results.push({ checkId: web.id, time, pass, duration: 20, error: pass ? undefined : 'PRIVATE-ERROR-MESSAGE' });
    results.push({ checkId: hidden.id, time, pass: false, duration: 20, message: 'PRIVATE-CHECK-MESSAGE' });
  }
  await writeCheckResults(server.db, results);

  const past = await post('maintenance_windows', {
    name: 'Database upgrade',
    spec: {
      start: new Date(yesterday + 10 * HOUR).toISOString(),
      end: new Date(yesterday + 11 * HOUR).toISOString(),
      checks: [{ name: 'web-*' }],
    },
  });
  const upcoming = await post('maintenance_windows', {
    name: 'Planned network work',
    description: 'Short interruptions possible.',
    spec: { schedule: '0 3 * * *', duration: '30m', timezone: 'UTC', checks: [{ labelSelector: 'public=yes' }] },
  });
  const privateWindow = await post('maintenance_windows', {
    name: 'PRIVATE-WINDOW-NAME',
    description: 'PRIVATE-WINDOW-DESCRIPTION',
    spec: { schedule: '0 4 * * *', duration: '30m', checks: [{ name: 'PRIVATE-CHECK-NAME' }] },
  });
  secrets.push(String(past.id), String(upcoming.id), String(privateWindow.id));

  const open = await post('incidents', { title: 'Checkout is slow', description: 'PRIVATE-INCIDENT-DESCRIPTION' });
  const quiet = await post('incidents', { title: 'PRIVATE-INCIDENT-TITLE' });
  secrets.push(String(open.id), String(open.incident_id), String(quiet.id), String(quiet.incident_id));
  const patched = await server.fetch(`/api/db/incidents?id=eq.${open.id}`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ public: true }),
  });
  expect(patched.status).toBeLessThan(300);
  const update = await post('incident_public_updates', {
    incident_id: open.id,
    status: 'identified',
    message: 'We found a slow <database> query & are fixing it.',
  });
  secrets.push(String(update.id));
  await post('comments', { incident_id: open.id, comment: 'PRIVATE-COMMENT-TEXT' });
  await post('incident_public_updates', { incident_id: quiet.id, message: 'PRIVATE-UPDATE-OF-PRIVATE-INCIDENT' });

  const page = await post('status_pages', {
    name: 'acme',
    title: 'Acme <Status>',
    logo_url: 'https://example.com/logo.png',
    spec: { groups: [{ name: 'Website', checks: [{ labelSelector: 'public=yes' }] }], maintenanceDaysAhead: 2 },
  });
  secrets.push(String(page.id));
});
afterAll(async () => {
  await server?.close();
});

describe('public status pages', () => {
  it('shows the page to a visitor who is not signed in, as escaped HTML whose one script is its own', async () => {
    const res = await server.fetch('/status/acme', { as: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    // no inline script: only the same-origin one that shows times in the visitor's zone
    expect(html.match(/<script[^>]*>/gi)).toEqual(['<script src="/status-assets/local-times.js">']);
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC<\/time>/);
    const script = await server.fetch('/status-assets/local-times.js', { as: null });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/text\/javascript/);
    expect(await script.text()).toContain("querySelectorAll('time[datetime]')");
    expect(html).toContain('<h1>Acme &lt;Status&gt;</h1>');
    expect(html).toContain('web-frontend');
    expect(html).toContain('Checkout is slow');
    expect(html).toContain('We found a slow &lt;database&gt; query &amp; are fixing it.');
    expect(html).toContain('Planned network work');
  });

  it('answers the same data as JSON, with yesterday counted without its maintenance hour', async () => {
    const res = await server.fetch('/status/acme.json', { as: null });
    expect(res.status).toBe(200);
    const page = (await res.json()) as PublicStatusPage;
    expect(page.title).toBe('Acme <Status>');
    const item = page.groups[0]?.items[0];
    expect(page.groups.map((g) => [g.name, g.items.map((i) => i.name)])).toEqual([['Website', ['web-frontend']]]);
    expect(item?.days).toHaveLength(90);
    expect(item?.days.at(-2)).toEqual({
      date: new Date(yesterday).toISOString().slice(0, 10),
      status: 'maintenance',
      uptime: 1,
    });
    expect(item?.uptime).toBe(1);
    expect(item?.days.at(-3)?.status).toBe('nodata');
    expect(page.incidents).toEqual([
      {
        title: 'Checkout is slow',
        status: 'open',
        startedAt: expect.any(String),
        updates: [
          {
            status: 'identified',
            message: 'We found a slow <database> query & are fixing it.',
            at: expect.any(String),
          },
        ],
      },
    ]);
    expect(page.maintenance.map((m) => [m.name, m.description, m.start])).toEqual([
      ['Planned network work', 'Short interruptions possible.', new Date(today + DAY + 3 * HOUR).toISOString()],
      ['Planned network work', 'Short interruptions possible.', new Date(today + 2 * DAY + 3 * HOUR).toISOString()],
    ]);
  });

  it('leaks nothing that is not marked public in any public response', async () => {
    clock.advance(60_000); // past the page cache
    const bodies = await Promise.all(
      ['/status/acme', '/status/acme.json', '/status/nope', '/status/nope.json', '/status/..%2Fapi'].map(async (p) => {
        const res = await server.fetch(p, { as: null });
        return `${res.status} ${JSON.stringify([...res.headers])} ${await res.text()}`;
      }),
    );
    for (const body of bodies) {
      for (const secret of [...secrets, 'PRIVATE']) expect(body).not.toContain(secret);
    }
    expect(bodies[2]?.startsWith('404')).toBe(true);
    expect(bodies[3]?.startsWith('404')).toBe(true);
    // the editor's tables stay behind sign-in
    for (const table of ['status_pages', 'maintenance_windows', 'incident_public_updates']) {
      expect((await server.fetch(`/api/db/${table}`, { as: null })).status).toBe(401);
    }
    expect((await server.fetch('/api/maintenance/active', { as: null })).status).toBe(401);
  });

  it('refuses a bad page with a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'Bad Slug', title: 't' }, /name/],
      [{ name: 'ok-slug', title: ' ' }, /title/],
      [{ name: 'ok-slug', title: 't', logo_url: 'javascript:alert(1)' }, /logo_url/],
      [{ name: 'ok-slug', title: 't', spec: { groups: [{ name: '' }] } }, /spec\.groups\.0\.name/],
      [{ name: 'ok-slug', title: 't', spec: { widgets: [] } }, /spec/],
    ];
    for (const [body, message] of cases) {
      const res = await server.fetch('/api/db/status_pages', {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const viewer = await server.fetch('/api/db/status_pages', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'viewer-page', title: 'x' }),
      as: 'viewer',
    });
    expect(viewer.status).toBe(403);
    const empty = await server.fetch('/api/db/incident_public_updates', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ incident_id: secrets[0], message: '  ' }),
    });
    expect(empty.status).toBe(400);
  });
});
