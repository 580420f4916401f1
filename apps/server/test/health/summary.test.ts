import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { ResultWriter } from '../../src/health/results.js';
import { coverage } from '../../src/health/summaryRange.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 10:30 UTC, so a window has partial hours at its edges
const NOW = new Date('2025-03-20T10:30:00Z');
const clock = new ManualClock(NOW);
let server: TestServer;
let api: string;
let db: string;
let quiet: string;

interface Summary {
  id: string;
  name: string;
  canary_name: string;
  namespace: string;
  labels: Record<string, string>;
  status: string | null;
  type: string;
  uptime: { passed: number; failed: number };
  latency: { p95?: number; p97?: number; p99?: number; rolling1h: number };
  last_runtime?: string;
  endpoint?: string;
}

async function summary(query = '', as: 'viewer' | 'admin' = 'viewer') {
  const res = await server.fetch(`/api/canary/api/summary${query}`, { as });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { checks_summary: Summary[]; runnerName: string; duration: number; total: number };
  return body;
}
const byName = (rows: Summary[], name: string) => rows.find((r) => r.name === name) as Summary;

beforeAll(async () => {
  server = await startTestServer({ clock });
  const k = server.db.kysely;
  const canary = await k
    .insertInto('canaries')
    .values({ name: 'prod', namespace: 'payments', labels: JSON.stringify({ env: 'prod', team: 'a' }), spec: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = await k
    .insertInto('checks')
    .values([
      {
        canary_id: canary.id,
        type: 'http',
        name: 'api',
        labels: JSON.stringify({ team: 'b' }),
        spec: JSON.stringify({ url: 'https://api.example' }),
      },
      { canary_id: canary.id, type: 'postgres', name: 'db' },
      { canary_id: canary.id, type: 'tcp', name: 'quiet' },
    ])
    .returning(['id', 'name'])
    .execute();
  api = ids.find((r) => r.name === 'api')?.id as string;
  db = ids.find((r) => r.name === 'db')?.id as string;
  quiet = ids.find((r) => r.name === 'quiet')?.id as string;
  // api: every 10 minutes for 40 days, fails on every 6th run, 100 ms (20% of runs 900 ms)
  // db: every 10 minutes for the last 3 hours only, always passes at 40 ms
  const writer = new ResultWriter(server.db, { maxBatch: 100_000 });
  for (let t = NOW.getTime() - 40 * DAY, i = 0; t <= NOW.getTime(); t += 10 * 60_000, i++) {
    writer.add({ checkId: api, time: new Date(t), pass: i % 6 !== 0, duration: i % 5 === 0 ? 900 : 100 });
    if (t > NOW.getTime() - 3 * HOUR) writer.add({ checkId: db, time: new Date(t), pass: true, duration: 40 });
  }
  await writer.flush();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** What the api check's generator produced between two times (inclusive), counted the slow way. */
function expected(from: number, to: number) {
  let passed = 0;
  let failed = 0;
  for (let t = NOW.getTime() - 40 * DAY, i = 0; t <= NOW.getTime(); t += 10 * 60_000, i++) {
    if (t < from || t > to) continue;
    if (i % 6 !== 0) passed++;
    else failed++;
  }
  return { passed, failed };
}

/** The api check's p95/p97/p99 between two times (inclusive) by nearest rank, the slow way. */
function expectedLatency(from: number, to: number) {
  const durations: number[] = [];
  for (let t = NOW.getTime() - 40 * DAY, i = 0; t <= NOW.getTime(); t += 10 * 60_000, i++) {
    if (t >= from && t <= to) durations.push(i % 5 === 0 ? 900 : 100);
  }
  durations.sort((a, b) => a - b);
  const rank = (q: number) => durations[Math.max(0, Math.ceil(q * durations.length) - 1)];
  return durations.length ? { p95: rank(0.95), p97: rank(0.97), p99: rank(0.99), rolling1h: 0 } : { rolling1h: 0 };
}

/** 15m and 1h percentiles are the exact nearest-rank values (percentile_disc). */
function expectLatency(got: Record<string, number | undefined>, want: Record<string, number | undefined>, at = '') {
  expect(got, at).toEqual(want);
}

describe('summary time range coverage', () => {
  it('splits a window into raw edges, whole hours and whole days', () => {
    const c = coverage(new Date('2025-03-01T10:30:00Z'), new Date('2025-03-04T12:15:00Z'));
    expect(c.days).toEqual([[new Date('2025-03-02T00:00:00Z'), new Date('2025-03-04T00:00:00Z')]]);
    expect(c.hours).toEqual([
      [new Date('2025-03-01T11:00:00Z'), new Date('2025-03-02T00:00:00Z')],
      [new Date('2025-03-04T00:00:00Z'), new Date('2025-03-04T12:00:00Z')],
    ]);
    expect(c.raw).toEqual([
      [new Date('2025-03-01T10:30:00Z'), new Date('2025-03-01T11:00:00Z')],
      [new Date('2025-03-04T12:00:00Z'), new Date('2025-03-04T12:15:00Z')],
    ]);
    expect(coverage(new Date('2025-03-01T10:10:00Z'), new Date('2025-03-01T10:50:00Z'))).toEqual({
      days: [],
      hours: [],
      raw: [[new Date('2025-03-01T10:10:00Z'), new Date('2025-03-01T10:50:00Z')]],
    });
  });
});

describe('GET /api/canary/api/summary', () => {
  it('answers the reference shape for the last hour by default, labels merged canary then check', async () => {
    const body = await summary();
    expect(body.runnerName).toBe('local');
    expect(body.checks_summary.map((c) => c.name)).toEqual(['api', 'db', 'quiet']);
    const a = byName(body.checks_summary, 'api');
    expect(a).toMatchObject({
      id: api,
      canary_name: 'prod',
      namespace: 'payments',
      type: 'http',
      labels: { env: 'prod', team: 'b' },
      // the last run (at NOW) is a 6th one, so it failed
      status: 'unhealthy',
      endpoint: 'https://api.example',
      last_runtime: NOW.toISOString(),
      uptime: expected(NOW.getTime() - HOUR, NOW.getTime()),
    });
    expectLatency(a.latency, { p95: 900, p97: 900, p99: 900, rolling1h: 0 });
    expect(byName(body.checks_summary, 'db')).toMatchObject({ uptime: { passed: 7, failed: 0 }, latency: { p95: 40 } });
    // a check with no results in the window still shows, with empty uptime and no latency
    expect(byName(body.checks_summary, 'quiet')).toMatchObject({ uptime: { passed: 0, failed: 0 }, status: null });
    expect(byName(body.checks_summary, 'quiet').latency.p95).toBeUndefined();
  });

  it('counts the same results from rollups as from raw rows for 1d, 30d and 5y', async () => {
    for (const [range, ms] of [
      ['1d', DAY],
      ['30d', 30 * DAY],
      ['1mo', 30 * DAY],
      ['5y', 1825 * DAY],
    ] as const) {
      if (range === '30d') {
        const bad = await server.fetch('/api/canary/api/summary?timeRange=30d', { as: 'viewer' });
        expect(bad.status).toBe(400);
        expect((await bad.json()).message).toContain('timeRange must be one of 15m, 1h, 2h');
        continue;
      }
      const a = byName((await summary(`?timeRange=${range}`)).checks_summary, 'api');
      expect(a.uptime, range).toEqual(expected(NOW.getTime() - ms, NOW.getTime()));
      // 20% of runs take 900 ms: p95+ lands in the histogram bucket (750, 1000]
      expect(a.latency.p95, range).toBeGreaterThan(750);
      expect(a.latency.p99, range).toBeLessThanOrEqual(1000);
    }
    const week = byName((await summary('?timeRange=1w')).checks_summary, 'db');
    expect(week.uptime).toEqual({ passed: 18, failed: 0 });
    expect(week.latency.p99).toBeGreaterThan(30);
    expect(week.latency.p99).toBeLessThanOrEqual(50);
  });

  it('narrows to one check with checkId and refuses a malformed one', async () => {
    const one = await summary(`?checkId=${db}&timeRange=15m`);
    expect(one.checks_summary.map((c) => c.id)).toEqual([db]);
    expect(one.checks_summary[0]?.uptime).toEqual({ passed: 2, failed: 0 });
    const bad = await server.fetch('/api/canary/api/summary?checkId=nope', { as: 'viewer' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('checkId: expected a check id');
  });

  it('leaves out the checks of other health with status, and counts every live check', async () => {
    const names = async (query: string) => {
      const body = await summary(query);
      expect(body.total).toBe(3);
      return body.checks_summary.map((c) => c.name);
    };
    // api's last run failed, db's passed, quiet has not run
    expect(await names('')).toEqual(['api', 'db', 'quiet']);
    expect(await names('?status=unhealthy')).toEqual(['api']);
    expect(await names('?status=healthy,unknown&timeRange=1mo')).toEqual(['db', 'quiet']);
    const one = await summary(`?status=healthy&checkId=${api}`);
    expect([one.checks_summary.length, one.total]).toEqual([0, 1]);
    const failing = (await summary('?status=unhealthy&timeRange=1d')).checks_summary[0];
    expect(failing).toEqual(byName((await summary('?timeRange=1d')).checks_summary, 'api'));
    const bad = await server.fetch('/api/canary/api/summary?status=failing', { as: 'viewer' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain(
      'status must be a comma-separated list of healthy, unhealthy, unknown',
    );
  });

  it('keeps exact uptime and percentiles for 15m and 1h as the window moves on', async () => {
    try {
      for (const minutes of [-200, -31, 0, 2, 6, 13, 24, 38, 51]) {
        const now = NOW.getTime() + minutes * 60_000;
        clock.set(new Date(now));
        for (const [range, ms] of [
          ['15m', 15 * 60_000],
          ['1h', HOUR],
        ] as const) {
          const a = byName((await summary(`?timeRange=${range}`)).checks_summary, 'api');
          expect(a.uptime, `${range} at ${minutes}m`).toEqual(expected(now - ms, now));
          expectLatency(a.latency, expectedLatency(now - ms, now), `${range} at ${minutes}m`);
        }
      }
    } finally {
      clock.set(NOW);
    }
  });

  it('keeps counting exactly as the window moves on through the hour', async () => {
    try {
      for (const minutes of [1, 3, 7, 12, 26, 44, 59]) {
        const now = NOW.getTime() + minutes * 60_000;
        clock.set(new Date(now));
        for (const [range, ms] of [
          ['1d', DAY],
          ['1w', 7 * DAY],
        ] as const) {
          const a = byName((await summary(`?timeRange=${range}`)).checks_summary, 'api');
          expect(a.uptime, `${range} at +${minutes}m`).toEqual(expected(now - ms, now));
        }
      }
    } finally {
      clock.set(NOW);
    }
  });

  it("leaves out results stamped after now (another process's clock ahead) though the hour's rollup has them", async () => {
    const writer = new ResultWriter(server.db);
    writer.add({ checkId: api, time: new Date(NOW.getTime() + 5 * 60_000), pass: false, duration: 5000 });
    writer.add({ checkId: api, time: new Date(NOW.getTime() + 40 * 60_000), pass: false, duration: 5000 });
    await writer.flush();
    for (const [range, ms] of [
      ['1d', DAY],
      ['1mo', 30 * DAY],
    ] as const) {
      const a = byName((await summary(`?timeRange=${range}`)).checks_summary, 'api');
      expect(a.uptime, range).toEqual(expected(NOW.getTime() - ms, NOW.getTime()));
      expect(a.latency.p99, range).toBeLessThanOrEqual(1000);
    }
  });

  it('leaves out deleted checks and needs a signed-in reader', async () => {
    await server.db.kysely.updateTable('checks').set({ deleted_at: NOW }).where('id', '=', quiet).execute();
    expect((await summary()).checks_summary.map((c) => c.name)).toEqual(['api', 'db']);
    const anonymous = await server.fetch('/api/canary/api/summary', { as: null });
    expect(anonymous.status).toBe(401);
  });
});
