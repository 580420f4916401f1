import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import type { CheckResult, ExecuteContext } from '../../src/health/execute.js';
import { pacer } from '../../src/health/pacing.js';
import type { PendingJob, ResultWriter } from '../../src/health/results.js';
import { CanaryRunner, type RunnableCanary, type RunnableCheck } from '../../src/health/runner.js';

const result = (pass: boolean, data: Record<string, unknown> = {}): CheckResult => ({
  pass,
  invalid: false,
  message: pass ? 'ok' : 'down',
  ...(pass ? {} : { error: 'down' }),
  duration: 1,
  data,
  metrics: [],
  attempts: 1,
});

const check = (name: string, spec: Record<string, unknown> = {}): RunnableCheck => ({
  id: `id-${name}`,
  type: 'exec',
  name,
  spec: { name, ...spec },
});

/** A runner whose checks pass unless their spec says `fail`, recording job rows and what each check saw. */
function runnerFor() {
  const jobs: PendingJob[] = [];
  const seen: Array<{ name: string; outputs?: Record<string, unknown> }> = [];
  const writer = { add: () => {}, addJob: (job: PendingJob) => jobs.push(job) } as unknown as ResultWriter;
  const runner = new CanaryRunner({
    clock: new ManualClock(new Date('2026-11-30T00:00:00Z')),
    writer,
    execute: async (_type: string, spec: unknown, ctx: ExecuteContext) => {
      const s = spec as { name: string; fail?: boolean; wait?: number };
      seen.push({ name: s.name, ...(ctx.outputs ? { outputs: ctx.outputs } : {}) });
      if (s.wait) await new Promise((r) => setTimeout(r, s.wait));
      return result(!s.fail, { from: s.name });
    },
  });
  return { runner, jobs, seen };
}

const canaryOf = (checks: RunnableCheck[]): RunnableCanary => ({
  id: 'c1',
  name: 'web',
  namespace: 'default',
  labels: {},
  checks,
});

describe('a canary run', () => {
  it('writes one job row with every check counted, checks of the same name included', async () => {
    const { runner, jobs } = runnerFor();
    const canary = canaryOf([check('a'), check('b', { fail: true }), check('a')]);
    await runner.runScheduled(canary, new Date(), pacer(5));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ canaryId: 'c1', passed: 2, failed: 1, errors: ['b: down'] });
  });

  it('answers every check in the canary order, paced or not', async () => {
    const { runner } = runnerFor();
    const canary = canaryOf([check('slow', { wait: 30 }), check('fast'), check('down', { fail: true })]);
    const runs = await runner.runCanary(canary, undefined, pacer(5));
    expect(runs.map((r) => [r.check.name, r.result.pass])).toEqual([
      ['slow', true],
      ['fast', true],
      ['down', false],
    ]);
  });

  it('starts a check after the checks it depends on, later ones too, with their data as outputs', async () => {
    const { runner, seen } = runnerFor();
    const canary = canaryOf([check('report', { dependsOn: ['login'] }), check('login', { wait: 20 })]);
    await runner.runScheduled(canary, new Date(), pacer(5));
    expect(seen.map((s) => s.name)).toEqual(['login', 'report']);
    expect(seen[1]?.outputs).toEqual({ login: { from: 'login' } });
  });

  it('skips a check still running from the previous run and says so in the job row', async () => {
    const { runner, jobs } = runnerFor();
    const canary = canaryOf([check('slow', { wait: 50 })]);
    const first = runner.runScheduled(canary, new Date());
    await runner.runScheduled(canary, new Date());
    await first;
    expect(jobs[0]).toMatchObject({
      passed: 0,
      failed: 0,
      errors: ['1 check(s) skipped: still running from the previous run'],
    });
    expect(jobs[1]).toMatchObject({ passed: 1, failed: 0 });
  });
});
