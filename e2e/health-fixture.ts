import type { Page } from 'playwright-core';
import type { E2E } from './harness.js';

/** An /api call as admin that must succeed; JSON bodies ask for the written rows back. */
export async function adminApi(e2e: E2E, path: string, init: RequestInit = {}) {
  const res = await e2e.server.fetch(path, {
    ...init,
    as: 'admin',
    headers: init.body ? { 'content-type': 'application/json', prefer: 'return=representation' } : {},
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Two canaries applied through the API and run once each: 'web' (prod) passes, 'data' (staging)
 * has one check that fails against a closed port. Returns the check ids by name.
 */
export async function seedChecks(e2e: E2E): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const port = new URL(e2e.server.url).port;
  const canaries = [
    {
      name: 'web',
      namespace: 'prod',
      labels: { env: 'prod', critical: 'true' },
      spec: { schedule: '@every 1h', tcp: [{ name: 'web-port', endpoint: `127.0.0.1:${port}` }] },
    },
    {
      name: 'data',
      namespace: 'staging',
      labels: { env: 'staging' },
      spec: {
        schedule: '@every 1h',
        tcp: [
          { name: 'closed-port', endpoint: '127.0.0.1:1' },
          { name: 'data-port', endpoint: `127.0.0.1:${port}` },
        ],
      },
    },
  ];
  for (const c of canaries) {
    const [saved] = await adminApi(e2e, '/api/db/canaries', { method: 'POST', body: JSON.stringify(c) });
    for (const check of await adminApi(e2e, `/api/db/checks?canary_id=eq.${saved.id}`)) ids[check.name] = check.id;
  }
  for (const id of Object.values(ids)) await adminApi(e2e, `/api/canary/run/check/${id}`, { method: 'POST' });
  return ids;
}

export const checkRows = (page: Page) => page.locator('tr[data-check]');
/** The names of the check rows in the table, sorted. */
export const rowNames = async (page: Page) =>
  (await checkRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-check')))).sort();
export const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
