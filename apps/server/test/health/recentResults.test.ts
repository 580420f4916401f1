import { describe, expect, it } from 'vitest';
import { RecentResults, resultCode } from '../../src/health/recentResults.js';

interface Result {
  t: number;
  status: boolean | null;
  duration: number | null;
}

/** What the summary must answer for results in [from, to], counted the slow way (percentile_disc). */
function expected(results: Result[], from: number, to: number) {
  const inside = results.filter((r) => r.t >= from && r.t <= to);
  if (inside.length === 0) return undefined;
  const durations = inside
    .filter((r) => r.duration !== null)
    .map((r) => Math.max(0, r.duration as number))
    .sort((a, b) => a - b);
  const rank = (q: number) => durations[Math.max(0, Math.ceil(q * durations.length) - 1)];
  return {
    passed: inside.filter((r) => r.status === true).length,
    failed: inside.filter((r) => r.status === false).length,
    p95: durations.length ? rank(0.95) : undefined,
    p97: durations.length ? rank(0.97) : undefined,
    p99: durations.length ? rank(0.99) : undefined,
  };
}

/** A small deterministic generator, so that a failure can be run again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

describe('recent results of a sliding window', () => {
  it('counts uptime and exact percentiles as results come late, twice, ahead of the window and as it moves on', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const rnd = random(seed);
      const base = 1_700_000_000_000;
      const length = 3_600_000;
      let to = base + length;
      const store = new RecentResults(base, to - length, to);
      const all = new Map<string, Result[]>();
      const ids = ['a', 'b', 'c'];
      for (let step = 0; step < 120; step++) {
        for (const id of ids) {
          const batch: Result[] = [];
          const n = Math.floor(rnd() * 4);
          for (let i = 0; i < n; i++) {
            // mostly around now, some late (older), some a little ahead (a clock running fast)
            const t = Math.floor(to - rnd() * (rnd() < 0.2 ? length * 1.2 : 90_000) + (rnd() < 0.1 ? 60_000 : 0));
            const status = rnd() < 0.05 ? null : rnd() < 0.8;
            const duration = rnd() < 0.05 ? null : Math.floor(rnd() * (rnd() < 0.1 ? 20_000 : 300));
            batch.push({ t, status, duration });
          }
          // a result read again (the reads overlap) is the same result
          const again = all.get(id)?.at(-1);
          if (again && again.t >= to - length) batch.push(again);
          const list = all.get(id) ?? [];
          for (const r of batch) if (!list.some((x) => x.t === r.t) && r.t >= to - length) list.push(r);
          all.set(id, list);
          store.add(
            id,
            batch.map((r) => r.t - base),
            batch.map((r) => resultCode(r.status, r.duration)),
          );
        }
        for (const id of ids) {
          expect(store.stats(id), `seed ${seed} step ${step} ${id}`).toEqual(
            expected(all.get(id) ?? [], to - length, to),
          );
        }
        to += Math.floor(rnd() * 120_000);
        expect(store.canMoveTo(to - length, to)).toBe(true);
        store.moveTo(to - length, to);
      }
    }
  });

  it('names the checks whose figures changed, and only those', () => {
    const store = new RecentResults(0, 0, 100);
    store.add('a', [10, 20], [resultCode(true, 5), resultCode(false, 7)]);
    store.add('b', [150], [resultCode(true, 5)]);
    expect([...store.takeChanged()]).toEqual(['a']);
    store.add('a', [20], [resultCode(false, 7)]);
    expect(store.takeChanged().size).toBe(0);
    store.moveTo(15, 160);
    expect([...store.takeChanged()].sort()).toEqual(['a', 'b']);
    expect(store.stats('a')).toEqual({ passed: 0, failed: 1, p95: 7, p97: 7, p99: 7 });
    store.moveTo(30, 170);
    expect(store.stats('a')).toBeUndefined();
    expect(store.size).toBe(1);
    expect(store.canMoveTo(20, 170)).toBe(false);
  });
});
