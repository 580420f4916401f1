// `npm run bench -- health-page [--checks 10000] [--days 2] [--runs 5]`: seeds N checks (as the
// summary bench does) in a fresh embedded database, serves the production web build, and prints
// how long Chromium takes from navigation to the first rows of /health (all checks, no grouping)
// and how many bytes the browser downloads for it (transfer size: HTML, JS, CSS and the summary),
// then how long one data refresh takes with the page open. Needs `npm run build` first.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { startTestServer } from '../../apps/server/test/helpers/index.js';
import { CHROMIUM, WEB_DIR } from '../../e2e/harness.js';
import { seed } from './summary.js';

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      checks: { type: 'string', default: '10000' },
      days: { type: 'string', default: '2' },
      runs: { type: 'string', default: '5' },
    },
  });
  const checks = Number(values.checks);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-health-page-'));
  const db = await openDatabase({ dataDir: dir });
  const browser = await chromium.launch(CHROMIUM);
  try {
    await migrate(db);
    await seed(db, checks, Number(values.days));
    const server = await startTestServer({ db, config: { webDir: WEB_DIR } });
    try {
      const times: number[] = [];
      let bytes = 0;
      let refreshMs = 0;
      for (let i = 0; i < Number(values.runs) + 1; i++) {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width: 1440, height: 900 },
          extraHTTPHeaders: server.headers('viewer'),
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        let transferred = 0;
        cdp.on('Network.loadingFinished', (e) => {
          transferred += e.encodedDataLength;
        });
        const started = performance.now();
        await page.goto('/health?hidePassing=false&groupBy=no-group');
        await page.locator('tr[data-check]').first().waitFor({ timeout: 60_000 });
        const ms = performance.now() - started;
        if (i > 0) times.push(ms); // the first visit warms the server's caches
        await page.waitForLoadState('networkidle');
        bytes = transferred;
        if (i === Number(values.runs)) {
          const rendered = await page.locator('tr[data-check]').count();
          const t0 = performance.now();
          const refreshed = page.waitForResponse((r) => r.url().includes('/api/canary/api/summary'));
          await page.getByRole('button', { name: 'Refresh' }).click();
          await refreshed;
          // the page must answer input right after the refresh lands
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
          refreshMs = performance.now() - t0;
          console.log(`rows in the DOM: ${rendered} of ${checks} (virtualized)`);
        }
        await context.close();
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length / 2)] as number;
      console.log(
        `first rows of /health with ${checks} checks: p50 ${p50.toFixed(0)} ms, worst ${(times.at(-1) as number).toFixed(0)} ms`,
      );
      console.log(`downloaded: ${(bytes / 1024).toFixed(0)} KiB (transfer size, all requests)`);
      console.log(`refresh with the page open: ${refreshMs.toFixed(0)} ms to the next frame`);
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
