import { afterAll, describe, expect, it } from 'vitest';
import { DeadlinePool } from '../../src/threads/deadlinePool.js';

/**
 * The worker-thread pool behind `javascript:` expressions and view SQL: tasks run side by side on
 * its threads, an overrun is cut off at its deadline and its thread replaced, the queue is
 * bounded, shutdown fails what is pending, and a long run of tasks leaves nothing behind.
 */

type In = { value: number; spinMs?: number };
type Out = { value: number };

const pool = new DeadlinePool<In, Out>({
  script: new URL('./fixtureWorker.mjs', import.meta.url),
  threads: 2,
  startMs: 30_000,
  maxQueue: 4,
  what: 'test pool',
});
const limit = (deadlineMs: number) => ({ deadlineMs, timeoutMessage: `over ${deadlineMs}ms` });

afterAll(() => pool.close());

describe('deadline pool', () => {
  it('runs tasks on two threads side by side and answers each', async () => {
    await pool.run({ value: 0 }, limit(5000)); // threads start outside the timing
    await Promise.all([pool.run({ value: 0 }, limit(5000)), pool.run({ value: 0 }, limit(5000))]);
    const started = performance.now();
    const out = await Promise.all([1, 2].map((value) => pool.run({ value, spinMs: 600 }, limit(10_000))));
    expect(out.map((o) => o.value)).toEqual([1, 2]);
    expect(performance.now() - started).toBeLessThan(1150); // not 1.2 s one after the other
  });

  it('cuts off an overrun at its deadline without blocking this thread, then runs the next task', async () => {
    const started = performance.now();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    await expect(pool.run({ value: 1, spinMs: 60_000 }, limit(500))).rejects.toThrow('over 500ms');
    clearInterval(timer);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(ticks).toBeGreaterThan(3); // timers kept firing while the thread spun
    expect((await pool.run({ value: 7 }, limit(30_000))).value).toBe(7);
  });

  it('refuses tasks beyond the queue bound, and close() fails what is running and waiting', async () => {
    const spinning = [1, 2].map((value) => pool.run({ value, spinMs: 60_000 }, limit(60_000)).catch((e: Error) => e));
    const waiting = [3, 4, 5, 6].map((value) => pool.run({ value }, limit(60_000)).catch((e: Error) => e));
    await expect(pool.run({ value: 7 }, limit(60_000))).rejects.toThrow('the test pool is busy: 4 tasks are waiting');
    await pool.close();
    for (const e of await Promise.all([...spinning, ...waiting])) {
      expect((e as Error).message).toBe('the test pool was stopped');
    }
    expect(pool.stats()).toEqual({ threads: 0, busy: 0, waiting: 0 });
    expect((await pool.run({ value: 8 }, limit(30_000))).value).toBe(8); // starts again
  });

  it('leaks nothing over many tasks and overruns', async () => {
    const listeners = process.listenerCount('exit');
    for (let round = 0; round < 5; round++) {
      const tasks = Array.from({ length: 4 }, (_, i) => pool.run({ value: i }, limit(30_000)));
      await Promise.all(tasks);
      await pool.run({ value: 0, spinMs: 60_000 }, limit(200)).catch(() => undefined);
    }
    expect(pool.stats().waiting).toBe(0);
    expect(pool.stats().busy).toBe(0);
    expect(pool.stats().threads).toBeLessThanOrEqual(2);
    expect(process.listenerCount('exit')).toBe(listeners);
  }, 60_000);
});
