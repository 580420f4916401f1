import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCheckResults } from '../apps/server/test/helpers/index.js';
import { type E2E, startE2E } from './harness.js';

// The objective applied over two real checks labelled app=checkout, with two hours of
// results planted minute by minute: checkout-api failed the last 3 minutes, so 117 of 120 minutes
// are good (97.5%) and the critical burn fires.
let e2e: E2E;
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const MIN = 60_000;

const YAML = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: { name: checkout, namespace: default, labels: { app: checkout } }
spec:
  schedule: "@every 1h"
  http:
    - { name: checkout-api, url: "http://127.0.0.1:9/health" }
    - { name: checkout-web, url: "http://127.0.0.1:9/" }
---
apiVersion: opsdeck.dev/v1
kind: ServiceLevelObjective
metadata: { name: checkout-availability, namespace: default }
spec:
  description: Checkout is reachable
  target: 99.9
  window: 30d
  indicator:
    availability: { checks: { labelSelector: "app=checkout" } }
  alerts:
    - { burnRate: 14.4, long: 1h, short: 5m, severity: critical }
    - { burnRate: 6, long: 6h, short: 30m, severity: warning }
`;

beforeAll(async () => {
  e2e = await startE2E();
  const res = await e2e.server.fetch('/api/apply', {
    method: 'POST',
    as: 'admin',
    headers: { 'content-type': 'application/yaml' },
    body: YAML,
  });
  expect(res.status).toBe(200);
  const { rows } = await sql<{
    id: string;
    name: string;
  }>`select id, name from checks where deleted_at is null`.execute(e2e.server.db.kysely);
  const now = Date.now();
  await writeCheckResults(
    e2e.server.db,
    rows.flatMap((c) =>
      Array.from({ length: 120 }, (_, i) => ({
        checkId: c.id,
        time: new Date(now - (120 - i) * MIN),
        pass: !(c.name === 'checkout-api' && i >= 117),
        duration: 40,
      })),
    ),
  );
});
afterAll(async () => {
  await e2e?.close();
});

describe('objectives', () => {
  it('shows the applied objective with its attainment and burning budget, and its detail', async () => {
    const page = await e2e.page({ viewport: { width: 1280, height: 800 } });
    await page.goto('/objectives');
    const card = page.getByRole('article', { name: 'checkout-availability' });
    await card.waitFor();
    expect(await card.getByTestId('attainment').textContent()).toBe('97.5%');
    // 3 of 43.2 minutes spent
    expect(await card.getByTestId('budget-remaining').textContent()).toContain('93.056%');
    await card.getByText('Burning (critical)').waitFor();
    await card.getByRole('img', { name: 'Error budget remaining over the window' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'objectives.png') });

    await card.getByRole('link', { name: 'checkout-availability' }).click();
    await page.getByRole('heading', { name: 'checkout-availability' }).waitFor();
    const checks = page.getByRole('region', { name: 'Checks (2)' });
    await checks.getByRole('link', { name: 'checkout-api' }).waitFor();
    const bad = page.getByRole('region', { name: 'Bad intervals (1)' });
    await bad.getByText('3 min').waitFor();
    expect(await bad.getByRole('link', { name: 'checkout-api' }).getAttribute('href')).toMatch(/^\/health\?checkId=/);

    // the health page says an objective burns and links to them
    await page.goto('/health');
    const badge = page.getByTestId('budget-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1 objective · 1 burning · lowest budget left 93.056%');
  });
});
