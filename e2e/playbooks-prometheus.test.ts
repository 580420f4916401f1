import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startPlaybookWorker } from '@opsdeck/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrometheus } from '../apps/server/test/views/helpers.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `playbooks-${name}.png`) });

// A playbook written as Mission Control writes it, with a prometheus action against a real
// Prometheus: the run page shows the query's series as a table.
describe('a prometheus action on the run page', () => {
  let e2e: E2E;
  let worker: ReturnType<typeof startPlaybookWorker>;
  let prom: Awaited<ReturnType<typeof startPrometheus>>;
  let playbookId: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    prom = await startPrometheus();
    e2e = await startE2E();
    const saved = (await adminApi(e2e, '/api/db/playbooks', {
      method: 'POST',
      body: JSON.stringify({
        name: 'prometheus-up',
        spec: {
          title: 'Scrape targets up',
          category: 'Diagnostics',
          actions: [{ name: 'targets', prometheus: { url: prom.url, query: 'up{job="prometheus"}' } }],
        },
      }),
    })) as Array<{ id: string }>;
    playbookId = saved[0]?.id as string;
    worker = startPlaybookWorker(e2e.server.ctx, { warn: () => {}, error: () => {} });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await e2e?.close();
    await prom?.stop();
  });

  it('shows the series Prometheus answered, with their labels and value', async () => {
    const { run_id } = (await adminApi(e2e, '/api/playbook/run', {
      method: 'POST',
      body: JSON.stringify({ id: playbookId }),
    })) as { run_id: string };
    const page = await e2e.page({ as: 'admin' });
    await page.goto(`/playbooks/runs/${run_id}`);
    await expect
      .poll(() => page.getByRole('banner').or(page.locator('header')).getByText('Completed').count(), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const actions = page.getByRole('region', { name: 'Actions' });
    await actions.getByRole('button', { name: /^targets/ }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByRole('tab', { name: 'Rows' }).click();
    const table = result.getByRole('table');
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['__name__', 'job', 'value']));
    const cells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells).toEqual(expect.arrayContaining(['up', 'prometheus', '1']));
    await shot(page, 'prometheus-run');
    await result.getByRole('tab', { name: 'query' }).click();
    expect(await result.getByRole('tabpanel').textContent()).toContain('up{job="prometheus"}');
  });
});
