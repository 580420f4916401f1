import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../apps/server/src/clock.js';
import { createEventConsumer } from '../apps/server/src/notifications/worker.js';
import { buildPerson } from '../apps/server/test/incidents/builders.js';
import { type HttpPeer, startHttpPeer } from '../apps/server/test/notifications/peers.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// A public status page over a check labelled public=yes, an incident the admin marks public and
// updates from its page, and a maintenance window that keeps a second failure of the check quiet.
let e2e: E2E;
let hook: HttpPeer;
let checkId = '';
let incidentId = '';
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

async function setStatus(status: 'healthy' | 'unhealthy') {
  await sql`update checks set status = ${status}, last_runtime = now() where id = ${checkId}`.execute(
    e2e.server.db.kysely,
  );
}

beforeAll(async () => {
  e2e = await startE2E();
  hook = await startHttpPeer();
  await buildPerson(e2e.server.db.kysely, 'admin');
  const [canary] = await adminApi(e2e, '/api/db/canaries', {
    method: 'POST',
    body: JSON.stringify({
      name: 'storefront',
      spec: {
        schedule: '@every 1h',
        tcp: [
          { name: 'storefront-web', endpoint: `127.0.0.1:${new URL(e2e.server.url).port}`, labels: { public: 'yes' } },
        ],
      },
    }),
  });
  [{ id: checkId }] = await adminApi(e2e, `/api/db/checks?canary_id=eq.${canary.id}`);
  await adminApi(e2e, `/api/canary/run/check/${checkId}`, { method: 'POST' });
  await adminApi(e2e, '/api/db/status_pages', {
    method: 'POST',
    body: JSON.stringify({
      name: 'storefront',
      title: 'Storefront status',
      description: 'How the shop is doing.',
      spec: { groups: [{ name: 'Shop', checks: [{ labelSelector: 'public=yes' }] }] },
    }),
  });
  const [incident] = await adminApi(e2e, '/api/db/incidents', {
    method: 'POST',
    body: JSON.stringify({ title: 'Checkout payments delayed', description: 'internal: card processor PRIVATE-NOTE' }),
  });
  incidentId = incident.id;
});
afterAll(async () => {
  await e2e?.close();
  await hook?.close();
});

describe('status pages', () => {
  it('renders signed out without JavaScript and shows an incident once it is marked public', async () => {
    const admin = await e2e.page();
    await admin.goto(`/incidents/${incidentId}`);
    await admin.getByLabel('Show on public status pages').check();
    await admin.getByLabel('Public message', { exact: true }).fill('Card payments are slow; we are on it.');
    await admin.getByLabel('Public status', { exact: true }).selectOption('identified');
    await admin.getByRole('button', { name: 'Post public update' }).click();
    await admin.getByRole('list', { name: 'Public updates' }).getByText('Card payments are slow').waitFor();
    await admin.screenshot({ path: path.join(SHOTS, 'incident-public.png') });
    // the page's editor lists it with its public address
    await admin.goto('/settings/status_pages');
    await admin.getByRole('link', { name: '/status/storefront' }).waitFor();

    // a visitor with no session and scripts off
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, javaScriptEnabled: false });
    const visitor = await context.newPage();
    const res = await visitor.goto('/status/storefront');
    expect(res?.status()).toBe(200);
    await visitor.getByRole('heading', { name: 'Storefront status' }).waitFor();
    await expect.poll(() => visitor.getByText('Checkout payments delayed').count(), { timeout: 20_000 }).toBe(1);
    expect(await visitor.getByText('Card payments are slow; we are on it.').count()).toBe(1);
    expect(await visitor.getByText('storefront-web').count()).toBe(1);
    const html = await visitor.content();
    expect(html).not.toContain('PRIVATE-NOTE');
    expect(html).not.toContain(incidentId);
    expect(html).not.toContain(checkId);
    // its one script is its own (times in the visitor's zone); with scripts off the times read in UTC
    expect(await visitor.locator('script').evaluateAll((s) => s.map((e) => e.getAttribute('src')))).toEqual([
      '/status-assets/local-times.js',
    ]);
    await visitor.getByText('Times in UTC.').waitFor();
    await visitor.setViewportSize({ width: 1000, height: 760 });
    await visitor.screenshot({ path: path.join(SHOTS, 'status-page.png'), fullPage: true });
    await context.close();
  });

  it('keeps a failure inside a maintenance window quiet, while the same rule fires outside it', async () => {
    const consumer = createEventConsumer(e2e.server.db.kysely, systemClock, {
      resolveConnection: () => Promise.reject(new Error('no connections in this test')),
      timeoutMs: 3000,
    });
    const rule = await e2e.server.fetch('/api/notification/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: storefront-down
spec:
  events: [check.failed]
  filter: "check.name == 'storefront-web'"
  to:
    url: "generic+http://${hook.url.replace('http://', '')}/storefront"
`,
    });
    expect(rule.status).toBe(201);
    const sent = () => hook.requests.filter((r) => r.path.startsWith('/storefront')).length;

    // outside any window: the failure notifies
    await setStatus('unhealthy');
    await consumer.runOnce();
    expect(sent()).toBe(1);
    await setStatus('healthy');
    await consumer.runOnce();

    const [window] = await adminApi(e2e, '/api/db/maintenance_windows', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Storefront deploy',
        description: 'Rolling out the new checkout.',
        spec: {
          start: new Date(Date.now() - 60_000).toISOString(),
          end: new Date(Date.now() + 3_600_000).toISOString(),
          checks: [{ labelSelector: 'public=yes' }],
        },
      }),
    });
    await setStatus('unhealthy');
    await consumer.runOnce();
    expect(sent()).toBe(1);
    const rows = await e2e.server.db.kysely
      .selectFrom('notification_send_history')
      .select(['status', 'maintenance_window_id'])
      .where('resource_id', '=', checkId)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => [r.status, r.maintenance_window_id])).toEqual([
      ['sent', null],
      ['silenced', window.id],
    ]);

    // the health page marks the check, and the status page shows the window in progress
    const admin = await e2e.page();
    await admin.goto('/health?groupBy=no-group&hidePassing=false');
    await admin.getByRole('list', { name: 'Maintenance' }).getByText('Storefront deploy').waitFor();
    await admin.locator('tr[data-check="storefront-web"]').getByText('maintenance', { exact: true }).waitFor();
    await admin.screenshot({ path: path.join(SHOTS, 'health-maintenance.png') });
    await admin.goto('/settings/maintenance_windows');
    await admin.getByText('Storefront deploy').waitFor();
    const visitor = await e2e.page({ as: null });
    await expect
      .poll(
        async () => {
          await visitor.goto('/status/storefront');
          return visitor.getByText('Rolling out the new checkout.').count();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(1);
  });
});
