// `npm run bench -- health-page [--checks 10000] [--days 2] [--runs 5] [--refreshes 3] [--all] [--cpu-prof FILE] [--postgres URL]`:
// seeds N checks (as the summary bench does) in a fresh embedded database (with `--postgres`, a
// scratch database on that server, dropped after), serves the production web build
// (OPSDECK_E2E_WEB_DIR or apps/web/dist), and prints for /health (no grouping; the failing checks, as
// the page opens by default, or with `--all` every check):
// - the time from navigation to the first rows in Chromium, split into when the summary request
//   starts, when its first byte and last byte arrive, and the client's work after that;
// - the bytes downloaded: all requests, and the summary on the wire against decoded (compression);
// - with the page open, what one data refresh costs (a tenth of the checks change health before
//   each): time from the click to the frame after the new data is in,
//   long tasks (the main thread blocked over 50 ms, i.e. the page not answering input), and how
//   many table rows were replaced in the DOM (0 when rows keep their identity).
// `--cpu-prof FILE` profiles this process (the server and the embedded database run in it) over the
// timed visits, writes the profile to FILE and prints its top frames.
// Needs a web build first. It prints figures; it never fails on time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { startTestServer } from '../../apps/server/test/helpers/index.js';
import { CHROMIUM, WEB_DIR } from '../../e2e/harness.js';
import { topFrames } from '../lib/cpuProfile.js';
import { scratchPostgres } from '../lib/postgres.js';
import { seed } from '../lib/summarySeed.js';

// the load average (1, 5, 15 min): on a shared machine it moves these figures more than the page does
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

// the page as it opens by default (Hide Passing on: the failing checks, asked of the server alone);
// `--all` shows every check instead, as Hide Passing off does
const PAGES = { failing: '/health?groupBy=no-group', all: '/health?hidePassing=false&groupBy=no-group' };
let PAGE = PAGES.failing;
const ROW = 'tr[data-check]';

/** Records long tasks and the moment the first check row appears, from the first script on. */
function instrument() {
  const w = window as unknown as { __longTasks: Array<[number, number]>; __firstRow?: number };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const seen = new MutationObserver(() => {
    if (document.querySelector('tr[data-check]')) {
      w.__firstRow = performance.now();
      seen.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () => seen.observe(document.body, { childList: true, subtree: true }));
}

interface Load {
  ms: number;
  requested: number;
  firstByte: number;
  lastByte: number;
  firstRow: number;
  longest: number;
  wire: number;
  decoded: number;
  /** The summary request's query (Hide Passing, on by default, asks for the failing checks alone). */
  asked: string;
  /** What the page fetched until its first rows showed, the summary among them. */
  waterfall: Step[];
}

/** One request of the page (or the document's own milestones): when it started and ended. */
interface Step {
  what: string;
  start: number;
  end: number;
}

/** One cold visit: times, the summary's sizes and the longest task while loading. */
async function visit(page: Page): Promise<Load> {
  const started = performance.now();
  await page.goto(PAGE);
  await page.locator(ROW).first().waitFor({ timeout: 120_000 });
  const ms = performance.now() - started;
  const t = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: Array<[number, number]>; __firstRow: number };
    const s = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/api/canary/api/summary')) as PerformanceResourceTiming;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const waterfall = [
      { what: 'HTML document', start: nav.requestStart, end: nav.responseEnd },
      { what: 'DOMContentLoaded', start: nav.domContentLoadedEventStart, end: nav.domContentLoadedEventEnd },
      ...performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= w.__firstRow)
        .map((e) => {
          const r = e as PerformanceResourceTiming;
          // no named helper in here: tsx would wrap it in a __name() the page does not have
          const u = new URL(r.name);
          const what = `${u.pathname.replace(/-[\w-]{8}\.(js|css)$/, '.$1')}${u.search.slice(0, 40)}`;
          return { what, start: r.startTime, end: r.responseEnd };
        }),
    ].sort((a, b) => a.start - b.start);
    return {
      waterfall,
      asked: new URL(s.name).search,
      requested: s.requestStart,
      firstByte: s.responseStart,
      lastByte: s.responseEnd,
      firstRow: w.__firstRow,
      longest: Math.max(0, ...w.__longTasks.filter(([at]) => at <= w.__firstRow).map(([, d]) => d)),
      wire: s.encodedBodySize,
      decoded: s.decodedBodySize,
    };
  });
  return { ms, ...t };
}

interface Refresh {
  ms: number;
  longTasks: number;
  longest: number;
  blocked: number;
  replacedRows: number;
  changedRows: number;
}

/** Refreshes the data with the top bar's button and measures until the next frame after the answer. */
async function refresh(page: Page): Promise<Refresh> {
  const rowTexts = () =>
    page.locator(ROW).evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-check')}|${r.textContent}`));
  const before = new Set(await rowTexts());
  const since = await page.evaluate(() => {
    const w = window as unknown as { __replaced: number };
    w.__replaced = 0;
    const body = document.querySelector('table[aria-label="Health checks"] tbody') as Element;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes) if ((n as Element).matches?.('tr[data-check]')) w.__replaced++;
    }).observe(body, { childList: true });
    return performance.now();
  });
  const button = page.getByRole('button', { name: 'Refresh' });
  const t0 = performance.now();
  await button.click();
  // the button is busy until the answer is parsed and in the cache; then two frames: React
  // commits the new data and the browser paints it
  const busy = (state: string) =>
    page.waitForFunction(
      (want) => document.querySelector('button[aria-label="Refresh"]')?.getAttribute('aria-busy') === want,
      state,
      { polling: 20, timeout: 120_000 },
    );
  await busy('true');
  await busy('false');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
  const ms = performance.now() - t0;
  await page.waitForTimeout(250); // long tasks that trail the paint still count
  const after = await page.evaluate((from) => {
    const w = window as unknown as { __longTasks: Array<[number, number]>; __replaced: number };
    const tasks = w.__longTasks.filter(([at]) => at >= from).map(([, d]) => d);
    return { tasks, replaced: w.__replaced };
  }, since);
  const changed = (await rowTexts()).filter((t) => !before.has(t)).length;
  return {
    ms,
    changedRows: changed,
    longTasks: after.tasks.length,
    longest: Math.max(0, ...after.tasks),
    blocked: after.tasks.reduce((a, b) => a + b, 0),
    replacedRows: after.replaced,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const worst = (xs: number[]) => Math.max(...xs);
const f = (n: number) => n.toFixed(0);

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      checks: { type: 'string', default: '10000' },
      days: { type: 'string', default: '2' },
      runs: { type: 'string', default: '5' },
      refreshes: { type: 'string', default: '3' },
      all: { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
      postgres: { type: 'string' },
    },
  });
  PAGE = values.all ? PAGES.all : PAGES.failing;
  const checks = Number(values.checks);
  const runs = Number(values.runs);
  const scratch = values.postgres ? await scratchPostgres(values.postgres) : undefined;
  if (values.postgres && !scratch) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-health-page-'));
  const db = scratch?.db ?? (await openDatabase({ dataDir: dir }));
  console.log(scratch ? 'PostgreSQL (a scratch database)' : 'embedded database');
  const browser = await chromium.launch(CHROMIUM);
  try {
    await migrate(db);
    const t0 = performance.now();
    await seed(db, checks, Number(values.days));
    console.log(`seeded ${checks} checks in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${load()}`);
    const server = await startTestServer({ db, config: { webDir: WEB_DIR } });
    const open = async (): Promise<[BrowserContext, Page, { bytes: number }]> => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1440, height: 900 },
        extraHTTPHeaders: server.headers('viewer'),
      });
      await context.addInitScript(instrument);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const total = { bytes: 0 };
      // transfer size as the browser received it: headers plus the (compressed) bodies
      cdp.on('Network.loadingFinished', (e) => {
        total.bytes += e.encodedDataLength;
      });
      return [context, page, total];
    };
    try {
      const loads: Load[] = [];
      let bytes = 0;
      const loadBefore = load();
      const profiler = values['cpu-prof'] ? new Session() : undefined;
      for (let i = 0; i < runs + 1; i++) {
        if (i === 1 && profiler) {
          profiler.connect();
          await profiler.post('Profiler.enable');
          await profiler.post('Profiler.start');
        }
        const [context, page, total] = await open();
        const load = await visit(page);
        if (i > 0) loads.push(load); // the first visit warms the server's caches
        await page.waitForLoadState('networkidle');
        bytes = total.bytes;
        await context.close();
      }
      if (profiler && values['cpu-prof']) {
        const { profile } = await profiler.post('Profiler.stop');
        profiler.disconnect();
        writeFileSync(values['cpu-prof'], JSON.stringify(profile));
        const top = topFrames(values['cpu-prof'], 25);
        console.log(
          `this process over the timed visits: ${f(top.totalMs)} ms sampled, ${f(top.idleMs)} ms idle; top frames:`,
        );
        const line = (t: { selfMs: number; totalMs: number; frame: string }) =>
          console.log(`  ${f(t.selfMs).padStart(7)} ms self  ${f(t.totalMs).padStart(7)} ms total  ${t.frame}`);
        top.frames.forEach(line);
        console.log('  by total (with what they called):');
        topFrames(values['cpu-prof'], 40, 0, 'totalMs').frames.forEach(line);
      }
      const [context, page] = await open();
      await visit(page);
      await page.waitForLoadState('networkidle');
      const rendered = await page.locator(ROW).count();
      const refreshes: Refresh[] = [];
      for (let i = 0; i < Number(values.refreshes); i++) {
        // a tenth of the checks change health, so a refresh brings new rows, not only equal ones
        await sql`update checks set status = case when status = 'healthy' then 'unhealthy' else 'healthy' end
          where abs(hashtext(id::text)) % 10 = ${i % 10}`.execute(db.kysely);
        refreshes.push(await refresh(page));
      }
      await context.close();

      const pick = (k: Exclude<keyof Load, 'asked' | 'waterfall'>) => loads.map((l) => l[k]);
      const last = loads.at(-1) as Load;
      console.log(
        `first rows of /health with ${checks} checks (${runs} cold visits; load ${loadBefore} before, ${load()} after):`,
      );
      console.log(`  navigation to first rows: p50 ${f(median(pick('ms')))} ms, worst ${f(worst(pick('ms')))} ms`);
      console.log(
        `  summary requested at ${f(median(pick('requested')))} ms, first byte ${f(median(pick('firstByte')))} ms, ` +
          `last byte ${f(median(pick('lastByte')))} ms, first rows ${f(median(pick('firstRow')))} ms (p50, page clock)`,
      );
      console.log(`  longest task while loading: p50 ${f(median(pick('longest')))} ms`);
      console.log('  requests until the first rows (last visit, page clock, start-end ms):');
      for (const step of last.waterfall)
        console.log(`    ${f(step.start).padStart(6)}-${f(step.end).padEnd(6)} ${step.what}`);
      console.log(`  summary asked as ${last.asked || '(no query)'}`);
      console.log(`  rows in the DOM: ${rendered} of ${checks} (virtualized)`);
      console.log(
        `downloaded: ${f(bytes / 1024)} KiB (transfer size, all requests); summary ${f(last.wire / 1024)} KiB ` +
          `on the wire, ${f(last.decoded / 1024)} KiB decoded`,
      );
      const r = (k: keyof Refresh) => refreshes.map((x) => x[k]);
      console.log(`refresh with the page open (${refreshes.length} times):`);
      console.log(`  click to the frame after the answer: p50 ${f(median(r('ms')))} ms, worst ${f(worst(r('ms')))} ms`);
      console.log(
        `  long tasks (>50 ms) per refresh: p50 ${median(r('longTasks'))}, longest ${f(worst(r('longest')))} ms, ` +
          `blocked ${f(median(r('blocked')))} ms in all (p50)`,
      );
      console.log(
        `  rows on screen whose values changed: p50 ${median(r('changedRows'))} of ${rendered}; ` +
          `rows replaced in the DOM: ${worst(r('replacedRows'))} (0 = rows updated in place)`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    await (scratch ? scratch.drop() : db.close());
    rmSync(dir, { recursive: true, force: true });
  }
}
