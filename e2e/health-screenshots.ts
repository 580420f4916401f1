// Screenshots of the health page for the docs: `npm run build && npx tsx e2e/health-screenshots.ts`
// (OPSDECK_E2E_WEB_DIR picks another build). Seeds a few canaries through the API, runs their
// checks, and shoots the table, card and pivot layouts, the search syntax hint and the check
// detail modal into docs/screenshots/health-*.png.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { testSubjectId, writeCheckResults } from '@opsdeck/server/test';
import { sql } from 'kysely';
import { startE2E } from './harness.js';

const out = path.resolve(import.meta.dirname, '../docs/screenshots');
const e2e = await startE2E();
try {
  mkdirSync(out, { recursive: true });
  const port = new URL(e2e.server.url).port;
  const call = async (p: string, body?: unknown) => {
    const res = await e2e.server.fetch(p, {
      method: body === undefined && !p.startsWith('/api/canary/run') ? 'GET' : 'POST',
      as: 'admin',
      headers: body ? { 'content-type': 'application/json', prefer: 'return=representation' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const canaries = [
    [
      'storefront',
      'prod',
      { env: 'prod', team: 'web', tier: 'frontend', region: 'eu-west-1', critical: 'true' },
      ['home', 'checkout', 'search'],
    ],
    ['payments', 'prod', { env: 'prod', team: 'payments', critical: 'true' }, ['gateway', 'ledger-db']],
    ['reporting', 'staging', { env: 'staging', team: 'data' }, ['warehouse', 'exporter']],
  ] as const;
  let failing: string | undefined;
  for (const [name, namespace, labels, checks] of canaries) {
    // the first check of a canary is HTTP, the rest TCP, so the pivot by type has two columns
    const [first, ...rest] = checks;
    const http = [{ name: first, url: `http://127.0.0.1:${port}/health` }];
    const tcp = rest.map((c) => ({ name: c, endpoint: c === 'exporter' ? '127.0.0.1:1' : `127.0.0.1:${port}` }));
    const [saved] = await call('/api/db/canaries', {
      name,
      namespace,
      labels,
      spec: { schedule: '@every 5m', http, tcp },
    });
    for (const check of await call(`/api/db/checks?canary_id=eq.${saved.id}`)) {
      for (let i = 0; i < 3; i++) await call(`/api/canary/run/check/${check.id}`);
      if (check.name === 'exporter') failing = check.id;
    }
  }
  // an hour of history for the failing check, so its latency graph has a shape: it answered in
  // 40-180 ms every two minutes, then started failing ten minutes ago
  const now = Date.now();
  await writeCheckResults(
    e2e.server.db,
    Array.from({ length: 30 }, (_, i) => {
      const minutesAgo = 60 - i * 2;
      const pass = minutesAgo > 10;
      return {
        checkId: failing as string,
        time: new Date(now - minutesAgo * 60_000 - 30_000),
        pass,
        duration: pass ? Math.round(60 + 50 * Math.sin(i / 3) + (i % 4) * 18) : 950 + (i % 3) * 120,
        ...(pass ? { message: 'connected' } : { error: 'tcp 127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1' }),
      };
    }),
  );
  // the failing check is evidence in an incident, which its detail links to
  await sql`insert into people (id, name, email) values (${testSubjectId('admin')}, 'Ada Admin', 'ada@example.test')`.execute(
    e2e.server.db.kysely,
  );
  const [incident] = await call('/api/db/incidents', {
    title: 'Reporting exports failing',
    severity: 'high',
    type: 'availability',
  });
  const [root] = await call('/api/db/hypotheses', {
    incident_id: incident.id,
    title: 'Exporter port closed',
    type: 'root',
    status: 'possible',
  });
  await call('/api/db/evidences', {
    hypothesis_id: root.id,
    type: 'check',
    check_id: failing,
    description: 'exporter',
  });
  const page = await e2e.page({ as: 'admin', viewport: { width: 1440, height: 900 } });
  await page.goto('/health?hidePassing=false&groupBy=no-group');
  await page.locator('tr[data-check]').first().waitFor();
  await page.screenshot({ path: path.join(out, 'health-table.png') });
  await page.goto('/health?hidePassing=false&layout=card');
  await page.locator('[data-card]').first().waitFor();
  await page.screenshot({ path: path.join(out, 'health-card.png') });
  await page.goto('/health?hidePassing=false&pivotBy=type&pivotCellType=uptime');
  await page.getByRole('table', { name: 'Health pivot' }).waitFor();
  await page.screenshot({ path: path.join(out, 'health-pivot.png') });
  await page.goto('/health?hidePassing=false&groupBy=no-group&query=health%3Dunhealthy%2Chealthy%20type%3Dhttp');
  await page.locator('tr[data-check]').first().waitFor();
  await page.getByRole('button', { name: 'Search syntax' }).click();
  await page.getByRole('dialog', { name: 'Search syntax' }).waitFor();
  await page.screenshot({ path: path.join(out, 'health-search.png') });
  // a tall window shows the latency graph above the tabs; the pointer on a failed run shows its tooltip
  await page.setViewportSize({ width: 1440, height: 1100 });
  await page.goto(`/health?hidePassing=false&checkId=${failing}`);
  await page.getByRole('table', { name: 'Check history' }).locator('tbody tr').first().waitFor();
  const marker = await page.locator('[aria-label="Latency over time"] [data-status="failed"]').first().boundingBox();
  if (marker) await page.mouse.move(marker.x + marker.width / 2, marker.y + marker.height / 2);
  await page.getByRole('tooltip').waitFor();
  await page.screenshot({ path: path.join(out, 'health-check-detail.png') });
  console.log(`screenshots in ${out}`);
} finally {
  await e2e.close();
}
