import { describe, expect, it } from 'vitest';
import { PackedSketches } from '../../src/health/packedSketches.js';
import { nearestRank, QuantileSketch, RELATIVE_ACCURACY } from '../../src/health/quantileSketch.js';

/** A seeded generator (mulberry32), so every run sketches the same values. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = random(31);
const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
const distributions: Record<string, () => number> = {
  'uniform 1..60000 ms (whole)': () => 1 + Math.floor(rnd() * 60_000),
  'log-normal around 40 ms': () => Math.exp(Math.log(40) + 0.8 * normal()),
  'exponential, mean 120 ms': () => -120 * Math.log(1 - rnd()),
  'two modes: 5 ms and 900 ms (20%)': () => (rnd() < 0.2 ? 900 + 50 * normal() : 5 + rnd()),
  'pareto tail': () => 10 / (1 - rnd()) ** 0.7,
  'constant 250 ms': () => 250,
  'with zeros (fast checks, 0 ms)': () => (rnd() < 0.3 ? 0 : Math.floor(rnd() * 30)),
};
const QUANTILES = [0, 0.01, 0.25, 0.5, 0.75, 0.9, 0.95, 0.97, 0.99, 0.999, 1];

const exact = (sorted: number[], q: number) => sorted[nearestRank(q, sorted.length)] as number;
const sketchOf = (values: number[]) => {
  const s = new QuantileSketch();
  for (const v of values) s.add(v);
  return s;
};

describe('quantile sketch', () => {
  for (const [name, draw] of Object.entries(distributions)) {
    it(`answers every quantile within ${RELATIVE_ACCURACY * 100}% of the nearest rank: ${name}`, () => {
      const values = Array.from({ length: 20_000 }, draw);
      const sorted = values.slice().sort((a, b) => a - b);
      const sketch = sketchOf(values);
      expect(sketch.count).toBe(values.length);
      for (const q of QUANTILES) {
        const want = exact(sorted, q);
        const got = sketch.quantile(q) as number;
        expect(Math.abs(got - want), `q=${q}: ${got} for ${want}`).toBeLessThanOrEqual(RELATIVE_ACCURACY * want + 1e-9);
      }
    });
  }

  it('answers whole milliseconds under 50 exactly once rounded', () => {
    for (let d = 0; d < 50; d++) expect(Math.round(sketchOf([d]).quantile(0.5) as number)).toBe(d);
  });

  it('merged, counts exactly what one sketch of the union counts', () => {
    const a = Array.from({ length: 5_000 }, distributions['log-normal around 40 ms'] as () => number);
    const b = Array.from({ length: 3_000 }, distributions['two modes: 5 ms and 900 ms (20%)'] as () => number);
    const c = [0, 0, 70_000];
    const merged = sketchOf(a);
    merged.merge(sketchOf(b));
    merged.merge(sketchOf(c));
    merged.merge(new QuantileSketch());
    const union = sketchOf([...a, ...b, ...c]);
    expect(merged.count).toBe(union.count);
    expect(merged.zeros).toBe(union.zeros);
    expect(merged.buckets().first).toBe(union.buckets().first);
    expect(Array.from(merged.buckets().counts)).toEqual(Array.from(union.buckets().counts));
    for (let q = 0; q <= 1; q += 0.001) expect(merged.quantile(q)).toBe(union.quantile(q));
  });

  it('is empty until a value is added', () => {
    expect(new QuantileSketch().quantile(0.99)).toBeUndefined();
  });

  it('packed with fresh values, answers as one sketch of all of them', () => {
    const draw = distributions['exponential, mean 120 ms'] as () => number;
    const rows = [Array.from({ length: 600 }, draw), [], [3, 3, 4], Array.from({ length: 60 }, draw)];
    const packed = new PackedSketches(rows.map(sketchOf));
    const fresh = [[1, 2, 400.5, 9000], [0, 7, 8], [], [0]];
    rows.forEach((values, row) => {
      const extra = (fresh[row] as number[]).slice().sort((a, b) => a - b);
      const all = sketchOf([...values, ...extra]);
      for (const q of QUANTILES) expect(packed.quantile(row, q, extra), `row ${row} q=${q}`).toBe(all.quantile(q));
    });
    expect(packed.quantile(-1, 0.5, [5, 6])).toBe(sketchOf([5, 6]).quantile(0.5));
    expect(packed.quantile(1, 0.5)).toBeUndefined();
  });

  it('packed, keeps counts above 65,535 in one bucket', () => {
    const busy = new QuantileSketch();
    busy.add(20, 70_000);
    busy.add(500, 2_000);
    const packed = new PackedSketches([busy, sketchOf([1, 2, 3])]);
    expect(packed.quantile(0, 0.97)).toBe(busy.quantile(0.97));
    expect(packed.quantile(0, 0.99)).toBe(busy.quantile(0.99));
    expect(Math.round(packed.quantile(1, 0.99) as number)).toBe(3);
  });
});
