import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

// An exec check keeps a report as an artifact; the check detail's History links to it.

describe('check detail: exec artifacts', () => {
  let e2e: E2E;
  let checkId: string;
  beforeAll(async () => {
    e2e = await startE2E();
    const spec = {
      schedule: '@every 1h',
      exec: [
        {
          name: 'nightly-report',
          script: 'mkdir -p out && echo "rows: 42" > out/report.txt && echo done',
          artifacts: [{ path: 'out/report.txt' }, { path: 'out/missing.csv' }],
        },
      ],
    };
    const [saved] = await adminApi(e2e, '/api/db/canaries', {
      method: 'POST',
      body: JSON.stringify({ name: 'reports', spec }),
    });
    const [check] = await adminApi(e2e, `/api/db/checks?canary_id=eq.${saved.id}`);
    checkId = check.id;
    await adminApi(e2e, `/api/canary/run/check/${checkId}`, { method: 'POST' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('lists the kept files with a download link, and says why one was not kept', async () => {
    const page = await e2e.page();
    await page.goto(`/health?checkId=${checkId}`);
    const dialog = page.getByRole('dialog');
    const artifacts = dialog.getByRole('list', { name: 'Artifacts' });
    await artifacts.waitFor();
    const link = artifacts.getByRole('link', { name: 'out/report.txt' });
    expect(await artifacts.textContent()).toContain('out/missing.csv');
    expect(await artifacts.textContent()).toContain('not kept: no such file');
    await dialog.screenshot({ path: path.resolve(import.meta.dirname, '../docs/screenshots/check-artifacts.png') });

    // the link downloads the file with the browser's session
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/artifacts\/download\/[0-9a-f-]{36}$/);
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toBe('attachment; filename="report.txt"');
    expect(await res.text()).toBe('rows: 42\n');
  });
});
