import { describe, expect, it } from 'vitest';
import { checkStartSpacingMs, pacer, runSpreadMs } from '../../src/health/pacing.js';
import { PhasePlanner } from '../../src/health/phases.js';

/** Check starts per second of a minute when each canary's checks start `spacing` apart from its phase. */
function arrivalsPerSecond(phases: number[], checks: number, periodMs: number): number[] {
  const perSecond = new Array<number>(periodMs / 1000).fill(0);
  const spacing = checkStartSpacingMs(checks, periodMs);
  for (const at of phases) {
    for (let i = 0; i < checks; i++) {
      const s = Math.floor(((at + i * spacing) % periodMs) / 1000);
      perSecond[s] = (perSecond[s] ?? 0) + 1;
    }
  }
  return perSecond;
}

const busiestShare = (perSecond: number[]) =>
  Math.max(...perSecond) / (perSecond.reduce((a, b) => a + b, 0) / perSecond.length);

describe('canary phases and check pacing', () => {
  const now = Date.parse('2026-03-01T10:00:07.123Z');

  it('spreads 100 canaries of 100 checks so no second sees over 2x the mean', () => {
    const planner = new PhasePlanner();
    const phases = Array.from({ length: 100 }, (_, i) =>
      planner.place(`canary-${i}`, 60_000, now, 100, runSpreadMs(100, 60_000)),
    );
    for (const at of phases) {
      expect(at).toBeGreaterThanOrEqual(now);
      expect(at).toBeLessThan(now + 60_000);
    }
    expect(busiestShare(arrivalsPerSecond(phases, 100, 60_000))).toBeLessThan(1.5);
  });

  it('spreads 10,000 one-check canaries evenly over the interval', () => {
    const planner = new PhasePlanner();
    const phases = Array.from({ length: 10_000 }, (_, i) => planner.place(`c${i}`, 60_000, now, 1, 0));
    expect(busiestShare(arrivalsPerSecond(phases, 1, 60_000))).toBeLessThan(1.1);
  });

  it('places new canaries around the phases already stored, and forgets deleted ones', () => {
    const planner = new PhasePlanner();
    // 30 canaries stored in the first half of the minute: the next ones go to the second half
    for (let i = 0; i < 30; i++) planner.record(`old-${i}`, 60_000, i * 1000, 1, 0);
    for (let i = 0; i < 30; i++) {
      const at = planner.place(`new-${i}`, 60_000, 0, 1, 0);
      expect(at % 60_000).toBeGreaterThanOrEqual(30_000);
    }
    for (let i = 0; i < 30; i++) planner.forget(`old-${i}`);
    expect(planner.place('after', 60_000, 0, 1, 0) % 60_000).toBeLessThan(30_000);
  });

  it('gives a canary the same phase in every process that places it on the same picture', () => {
    const a = new PhasePlanner();
    const b = new PhasePlanner();
    expect(a.place('x', 300_000, now, 3, 100)).toBe(b.place('x', 300_000, now, 3, 100));
  });

  it('starts the checks of a scheduled run at a bounded rate, never spreading past half the interval', () => {
    expect(checkStartSpacingMs(1, 60_000)).toBe(0);
    expect(checkStartSpacingMs(100, 60_000)).toBe(50);
    expect(runSpreadMs(100, 60_000)).toBe(4950);
    expect(runSpreadMs(1000, 10_000)).toBeLessThanOrEqual(5000);
  });

  it('paces starts, and lets every waiting start go at once when its signal aborts', async () => {
    const started: number[] = [];
    const t0 = performance.now();
    const p = pacer(20);
    await Promise.all([0, 1, 2, 3].map((i) => p.wait(i).then(() => started.push(performance.now() - t0))));
    expect(started[3]).toBeGreaterThanOrEqual(55);

    const stop = new AbortController();
    const slow = pacer(60_000, stop.signal);
    const waiting = Promise.all([1, 2, 3].map((i) => slow.wait(i)));
    stop.abort();
    const t1 = performance.now();
    await waiting;
    expect(performance.now() - t1).toBeLessThan(1000);
  });
});
