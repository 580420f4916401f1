import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';

// The scraper form builder: a file scraper created through the form, required fields marked and
// enforced, the form's edits visible in the YAML, and the refused scraper types listed.

const shots = path.resolve(import.meta.dirname, '../docs/screenshots');
let e2e: E2E;
let dir: string;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-e2e-scraper-form-'));
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the scraper form builder', () => {
  it('creates a file scraper through the form', async () => {
    const page = await e2e.page();
    await page.goto('/catalog/scrapers/new');
    await page.getByRole('button', { name: 'Form' }).click();
    const card = page.getByRole('region', { name: 'File scraper' });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);

    await page.getByLabel('Name', { exact: true }).fill('form-files');
    const paths = card.getByLabel('Paths');
    await paths.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => card.getByText('This field is required').isVisible()).toBe(true);

    await paths.fill(`${dir}/*.json`);
    await card.getByLabel('Config type').fill('Demo::File');
    await page.getByText(/Scraper types not supported/).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Unsupported scraper types' }).textContent())
      .toContain('trivy: scraper type trivy is not supported yet');
    await page.screenshot({ path: path.join(shots, 'catalog-scraper-form.png'), fullPage: true });

    // the form's edits are the YAML's
    await page.getByRole('button', { name: 'YAML' }).click();
    const yaml = page.getByRole('textbox', { name: 'ScrapeConfig YAML' });
    await expect.poll(() => yaml.textContent(), { timeout: 15_000 }).toContain(`${dir}/*.json`);
    expect(await yaml.textContent()).toContain('name: form-files');
    await page.getByRole('button', { name: 'Form' }).click();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/catalog\/scrapers\/[0-9a-f-]{36}$/);
    const { rows } = await sql<{ spec: { file: Array<{ paths: string[]; type: string }> } }>`
      select spec from config_scrapers where name = 'form-files'`.execute(e2e.server.db.kysely);
    const spec = typeof rows[0]?.spec === 'string' ? JSON.parse(rows[0].spec) : rows[0]?.spec;
    expect(spec.file[0]).toMatchObject({ paths: [`${dir}/*.json`], type: 'Demo::File' });
  });
});
