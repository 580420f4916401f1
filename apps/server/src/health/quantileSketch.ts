/**
 * A mergeable quantile sketch (DDSketch's logarithmic buckets): every quantile it answers is
 * within RELATIVE_ACCURACY of the exact nearest-rank value, in memory that depends on the spread
 * of the values (about 116 buckets per factor of ten) and not on how many there are. Sketches of
 * two sets merged count exactly what one sketch of their union counts. Values are non-negative
 * (durations): zero and below are counted apart and answered as 0.
 */
export const RELATIVE_ACCURACY = 0.01;

const GAMMA = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);
const LN_GAMMA = Math.log(GAMMA);

/** The bucket of a value above zero: bucket i holds (GAMMA^(i-1), GAMMA^i]. */
export function bucketOf(value: number): number {
  return Math.ceil(Math.log(value) / LN_GAMMA);
}

/** The value a bucket answers: within RELATIVE_ACCURACY of every value the bucket holds. */
export function bucketValue(index: number): number {
  return (2 * GAMMA ** index) / (GAMMA + 1);
}

/** The 0-based nearest rank of the q-quantile (0..1) of `total` values (percentile_disc). */
export function nearestRank(q: number, total: number): number {
  return Math.min(total - 1, Math.max(0, Math.ceil(q * total) - 1));
}

export class QuantileSketch {
  /** counts[k] is the count of bucket offset + k. */
  private store = new Uint32Array(0);
  private offset = 0;
  /** Values of zero or below. */
  zeros = 0;
  count = 0;

  add(value: number, n = 1): void {
    this.count += n;
    if (!(value > 0)) {
      this.zeros += n;
      return;
    }
    const i = bucketOf(value);
    this.cover(i, i);
    this.store[i - this.offset] = (this.store[i - this.offset] as number) + n;
  }

  merge(other: QuantileSketch): void {
    this.count += other.count;
    this.zeros += other.zeros;
    if (other.store.length === 0) return;
    this.cover(other.offset, other.offset + other.store.length - 1);
    const shift = other.offset - this.offset;
    for (let k = 0; k < other.store.length; k++) {
      this.store[shift + k] = (this.store[shift + k] as number) + (other.store[k] as number);
    }
  }

  /** The q-quantile (0..1), undefined when empty. */
  quantile(q: number): number | undefined {
    if (this.count === 0) return undefined;
    const rank = nearestRank(q, this.count);
    if (rank < this.zeros) return 0;
    let seen = this.zeros;
    for (let k = 0; k < this.store.length; k++) {
      seen += this.store[k] as number;
      if (seen > rank) return bucketValue(this.offset + k);
    }
    return bucketValue(this.offset + this.store.length - 1);
  }

  /** The first bucket index and the counts from it on (read only: the sketch's own store). */
  buckets(): { first: number; counts: Uint32Array } {
    return { first: this.offset, counts: this.store };
  }

  /** Grows the store to hold buckets lo..hi. */
  private cover(lo: number, hi: number): void {
    if (this.store.length === 0) {
      this.store = new Uint32Array(hi - lo + 1);
      this.offset = lo;
      return;
    }
    const last = this.offset + this.store.length - 1;
    if (lo >= this.offset && hi <= last) return;
    const first = Math.min(lo, this.offset);
    const grown = new Uint32Array(Math.max(hi, last) - first + 1);
    grown.set(this.store, this.offset - first);
    this.store = grown;
    this.offset = first;
  }
}
