/**
 * The latency histogram kept in the check_statuses_1h/_1d rollups. Bucket i counts durations
 * <= LATENCY_BOUNDS_MS[i] (and above the previous bound); the extra last bucket counts the rest.
 * Must equal the SQL function check_latency_bounds() of migration 020 (a test checks it).
 */
export const LATENCY_BOUNDS_MS = [
  1, 2, 5, 10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, 20000, 30000, 60000,
] as const;

/** Element-wise sum of histograms (missing ones count as empty). */
export function addHistograms(histograms: Array<readonly number[] | null | undefined>): number[] {
  const out = new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
  for (const h of histograms) {
    if (!h) continue;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (h[i] ?? 0);
  }
  return out;
}

/**
 * The q-quantile (0..1) of the durations a histogram counts, interpolated linearly inside the
 * bucket that holds it; undefined for an empty histogram. Accurate to the bucket width. `total`
 * is the histogram's sum, when the caller already has it.
 */
export function histogramQuantile(
  histogram: readonly number[],
  q: number,
  total = histogram.reduce((a, b) => a + b, 0),
): number | undefined {
  if (total === 0) return undefined;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    const count = histogram[i] ?? 0;
    if (count > 0 && seen + count >= rank) {
      const lower = i === 0 ? 0 : (LATENCY_BOUNDS_MS[i - 1] as number);
      const upper = LATENCY_BOUNDS_MS[i] ?? lower * 2;
      return Math.round(lower + ((rank - seen) / count) * (upper - lower));
    }
    seen += count;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1];
}

/** The exact q-quantile of raw durations (nearest rank), undefined when there are none. */
export function exactQuantile(sorted: ArrayLike<number>, q: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[idx];
}
