import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// An administrator looks through Jobs History: default filters, filters kept in the URL, server
// paging, status colours, resource links, and a job's details.
const HOUR = 3_600_000;
const table = (page: Page) => page.getByRole('table', { name: 'Jobs history' });

describe('jobs history', () => {
  let e2e: E2E;
  let page: Page;
  let canaryId: string;

  beforeAll(async () => {
    e2e = await startE2E();
    const db = e2e.server.db.kysely;
    const canary = await db
      .insertInto('canaries')
      .values({ name: 'checkout', spec: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    canaryId = canary.id;
    const now = Date.now();
    await db
      .insertInto('job_history')
      .values([
        {
          name: 'Canary',
          resource_type: 'canary',
          resource_id: canary.id,
          status: 'FAILED',
          error_count: 2,
          duration_millis: 1500,
          details: JSON.stringify({ errors: ['connection refused', 'timeout after 10s'] }),
          time_start: new Date(now - HOUR),
          created_at: new Date(now - HOUR),
        },
        {
          name: 'scrape',
          resource_type: 'config_scraper',
          resource_id: '00000000-0000-4000-8000-0000000000cc',
          status: 'WARNING',
          success_count: 4,
          error_count: 1,
          details: JSON.stringify({ errors: { pod: { error: { error: 'forbidden' } } }, scrape_summary: { added: 4 } }),
          time_start: new Date(now - 2 * HOUR),
          created_at: new Date(now - 2 * HOUR),
        },
        {
          name: 'Canary',
          resource_type: 'canary',
          resource_id: canary.id,
          status: 'SUCCESS',
          success_count: 3,
          details: JSON.stringify({}),
          time_start: new Date(now - 3 * HOUR),
          created_at: new Date(now - 3 * HOUR),
        },
        {
          name: 'Canary',
          resource_type: 'canary',
          resource_id: canary.id,
          status: 'FAILED',
          error_count: 1,
          details: JSON.stringify({ errors: 'old failure' }),
          time_start: new Date(now - 5 * 24 * HOUR),
          created_at: new Date(now - 5 * 24 * HOUR),
        },
      ])
      .execute();
    page = await e2e.page({ as: 'admin' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('hides successes and old jobs by default and opens a job from filters in the URL', async () => {
    await page.goto('/settings/jobs');
    await table(page).getByRole('row').filter({ hasText: 'scrape' }).waitFor();
    // SUCCESS excluded, the 5-day-old failure outside now-2d: two rows
    await page.getByText('Showing 1–2 of 2').waitFor();
    const failed = table(page).getByRole('row').filter({ hasText: 'FAILED' });
    expect(await failed.getByText('FAILED').getAttribute('class')).toContain('bg-red-100');
    expect(await failed.getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe(
      `/settings/canaries/${canaryId}`,
    );
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/jobs-history.png` });

    // include FAILED only, widen to 7 days: the filters land in the URL
    await page.getByRole('button', { name: 'Status FAILED: any' }).click();
    await page.getByRole('combobox', { name: 'Time range' }).selectOption('now-7d');
    await page.getByRole('combobox', { name: 'Job Name' }).selectOption('Canary');
    await page.waitForURL(/range=now-7d/);
    const url = new URL(page.url());
    expect(url.searchParams.get('status')).toBe('SUCCESS:-1,FAILED:1');
    expect(url.searchParams.get('name')).toBe('Canary');
    await page.getByText('Showing 1–2 of 2').waitFor();
    await table(page).getByRole('row').filter({ hasText: 'FAILED' }).nth(1).waitFor();

    // a fresh visit of that URL shows the same, and a row opens its details
    const again = await e2e.page({ as: 'admin' });
    await again.goto(`${url.pathname}${url.search}`);
    await again.getByText('Showing 1–2 of 2').waitFor();
    await table(again)
      .getByRole('row')
      .filter({ hasText: 'FAILED' })
      .first()
      .getByText('Canary', { exact: true })
      .click();
    const dialog = again.getByRole('dialog', { name: 'Details for job Canary' });
    await dialog.getByRole('tab', { name: 'Errors' }).waitFor();
    await dialog.getByText('connection refused').waitFor();
    expect(await dialog.getByRole('tab', { name: 'Scrape Summary' }).count()).toBe(0);
  });

  it('shows only the non-empty tabs, and no modal for a job without details', async () => {
    await page.goto('/settings/jobs?status=&range=now-2d');
    await table(page).getByRole('row').filter({ hasText: 'scrape' }).getByText('scrape', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Details for job scrape' });
    await dialog.getByRole('tab', { name: 'Scrape Summary' }).waitFor();
    await dialog.getByText('forbidden').waitFor();
    expect(await dialog.getByRole('tab', { name: 'Reconcile Summary' }).count()).toBe(0);
    await page.screenshot({ path: `${import.meta.dirname}/../docs/screenshots/job-details.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await table(page).getByRole('row').filter({ hasText: 'SUCCESS' }).getByText('Canary', { exact: true }).click();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
