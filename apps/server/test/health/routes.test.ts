import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { saveCanary } from '../../src/health/canaries.js';
import { validateCanary } from '../../src/health/canaryYaml.js';
import { ResultWriter } from '../../src/health/results.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { promCanary, startTarget, type Target } from './target.js';

let server: TestServer;
let target: Target;
let checkId: string;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  [server, target] = await Promise.all([startTestServer({ clock }), startTarget()]);
  const canary = validateCanary(promCanary(target, 'api'));
  const saved = await server.db.kysely.transaction().execute((trx) => saveCanary(trx, canary, { source: 'UI', clock }));
  checkId = saved.checks['prometheus/api'] as string;
});
afterAll(async () => {
  await Promise.all([server?.close(), target?.close()]);
});

describe('Run Now', () => {
  it('runs a check for the roles that see Run Now and stores the result', async () => {
    const res = await server.fetch(`/api/canary/run/check/${checkId}`, { method: 'POST', as: 'responder' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: checkId, name: 'api', type: 'prometheus', pass: true, error: null });
    expect(target.hits.get('api')).toBe(1);
    const stored = await server.db.kysely
      .selectFrom('checks')
      .select('status')
      .where('id', '=', checkId)
      .executeTakeFirst();
    expect(stored?.status).toBe('healthy');
    const metrics = await (await server.fetch('/metrics', { as: null })).text();
    expect(metrics).toMatch(
      /canary_check_count\{key="[^"]+",name="api",canary_name="api",canary_namespace="test",type="prometheus"\} 1/,
    );
    expect(metrics).toMatch(/canary_check\{[^}]*name="api"[^}]*\} 0/);
  });

  it('refuses viewers, unknown checks and malformed ids with clear errors', async () => {
    const viewer = await server.fetch(`/api/canary/run/check/${checkId}`, { method: 'POST', as: 'viewer' });
    expect(viewer.status).toBe(403);
    expect((await viewer.json()).message).toContain('admin, editor, responder or commander');
    const missing = await server.fetch('/api/canary/run/check/00000000-0000-4000-8000-00000000dead', {
      method: 'POST',
    });
    expect(missing.status).toBe(404);
    const bad = await server.fetch('/api/canary/run/check/not-a-uuid', { method: 'POST' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('expected a check id');
  });
});

describe('check history graph', () => {
  it('answers a short window from raw results with exact percentiles', async () => {
    const res = await server.fetch(`/api/canary/api/graph?check=${checkId}&start=1h`, { as: 'viewer' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.uptime).toEqual({ passed: 1, failed: 0 });
    expect(body.status).toHaveLength(1);
    expect(body.status[0]).toMatchObject({ status: true, passed: 1, failed: 0 });
    expect(body.runnerName).toBe('local');
  });

  it('answers a long window from the hourly rollups: uptime exact, p95 within its bucket', async () => {
    const writer = new ResultWriter(server.db);
    const now = clock.now().getTime();
    const durations: number[] = [];
    // 5 days of results every 10 minutes: 720 results, one in ten failing, durations 1..720 ms
    for (let i = 1; i <= 720; i++) {
      durations.push(i);
      writer.add({
        checkId,
        time: new Date(now - 5 * 86_400_000 + i * 600_000 - 7_000),
        pass: i % 10 !== 0,
        duration: i,
      });
    }
    await writer.flush();
    const res = await server.fetch(`/api/canary/api/graph?check=${checkId}&start=7d`, { as: 'viewer' });
    const body = await res.json();
    expect(body.uptime).toEqual({ passed: 648 + 1, failed: 72 });
    // hourly buckets for a week
    expect(new Date(body.status[1].time).getTime() - new Date(body.status[0].time).getTime()).toBe(3_600_000);
    // exact p95 is 684 ms; the histogram bucket holding it spans 500..750
    expect(body.latency.p95).toBeGreaterThanOrEqual(500);
    expect(body.latency.p95).toBeLessThanOrEqual(750);
    const rollupRows = await server.db.kysely
      .selectFrom('check_statuses_1h')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('check_id', '=', checkId)
      .executeTakeFirstOrThrow();
    expect(rollupRows.n).toBeGreaterThan(100);
  });

  it('refuses a malformed window', async () => {
    const res = await server.fetch(`/api/canary/api/graph?check=${checkId}&start=yesterday-ish`, { as: 'viewer' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('start: expected a duration');
  });
});
