import { bucketOf, bucketValue, nearestRank, type QuantileSketch } from './quantileSketch.js';

/**
 * Many checks' quantile sketches frozen into one typed array (two bytes a bucket, no object
 * per check): what a summary keeps for every check over a window. Rows are numbered from 0 in
 * the order of `from`.
 */
export class PackedSketches {
  private readonly first: Int32Array;
  private readonly start: Int32Array;
  private readonly length: Int32Array;
  private readonly zeros: Uint32Array;
  private readonly totals: Uint32Array;
  private readonly counts: Uint16Array | Uint32Array;

  constructor(sketches: readonly QuantileSketch[]) {
    const n = sketches.length;
    this.first = new Int32Array(n);
    this.start = new Int32Array(n);
    this.length = new Int32Array(n);
    this.zeros = new Uint32Array(n);
    this.totals = new Uint32Array(n);
    let size = 0;
    let most = 0;
    for (const s of sketches) {
      const { counts } = s.buckets();
      size += counts.length;
      for (const c of counts) most = Math.max(most, c);
    }
    // two bytes a bucket unless one holds more than 65,535 results (a check run every second for 18 hours)
    this.counts = most > 0xffff ? new Uint32Array(size) : new Uint16Array(size);
    let at = 0;
    sketches.forEach((s, row) => {
      const { first, counts } = s.buckets();
      this.first[row] = first;
      this.start[row] = at;
      this.length[row] = counts.length;
      this.zeros[row] = s.zeros;
      this.totals[row] = s.count;
      this.counts.set(counts, at);
      at += counts.length;
    });
  }

  /**
   * The q-quantile of row's values together with `extra` (values sorted ascending, e.g. the
   * minutes read fresh), without copying the row; undefined when there are none.
   */
  quantile(row: number, q: number, extra: readonly number[] = []): number | undefined {
    const total = (row >= 0 ? (this.totals[row] as number) : 0) + extra.length;
    if (total === 0) return undefined;
    const rank = nearestRank(q, total);
    let e = 0;
    while (e < extra.length && !((extra[e] as number) > 0)) e++;
    let seen = (row >= 0 ? (this.zeros[row] as number) : 0) + e;
    if (rank < seen) return 0;
    const base = row >= 0 ? (this.start[row] as number) : 0;
    const len = row >= 0 ? (this.length[row] as number) : 0;
    const low = row >= 0 ? (this.first[row] as number) : 0;
    let k = 0;
    let last = 0;
    while (k < len || e < extra.length) {
      const kept = k < len ? low + k : Number.POSITIVE_INFINITY;
      const fresh = e < extra.length ? bucketOf(extra[e] as number) : Number.POSITIVE_INFINITY;
      const index = Math.min(kept, fresh);
      let n = 0;
      if (kept === index) {
        n += this.counts[base + k] as number;
        k++;
      }
      while (e < extra.length && bucketOf(extra[e] as number) === index) {
        n++;
        e++;
      }
      seen += n;
      last = index;
      if (seen > rank) return bucketValue(index);
    }
    return bucketValue(last);
  }

  /** Bytes held, for sizing. */
  get bytes(): number {
    return this.counts.byteLength + this.first.length * 20;
  }
}
