import { createHash } from 'node:crypto';

/**
 * Keeps one client pool per target (connection string + credentials) so that checks running
 * every few seconds reuse connections instead of opening one per run (canary-checker opened a
 * new connection each run and users hit "too many clients"). Bounded: past `maxEntries` the
 * least recently used pool is closed; pools unused for `idleMs` are closed by a sweep; all are
 * closed on shutdown through `closeAll()`. A pool whose creation fails is not kept.
 */
export interface PoolCacheOptions<P> {
  maxEntries: number;
  idleMs: number;
  close(pool: P): Promise<void>;
}

interface Entry<P> {
  pool: Promise<P>;
  inUse: number;
  lastUsed: number;
  retired: boolean;
}

export class PoolCache<P> {
  private readonly entries = new Map<string, Entry<P>>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: PoolCacheOptions<P>) {}

  /** Number of pools currently open (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  /** Runs `fn` with the pool for `key`, creating it with `create` on first use. */
  async use<T>(key: string, create: () => Promise<P>, fn: (pool: P) => Promise<T>): Promise<T> {
    const id = createHash('sha256').update(key).digest('hex'); // keys hold passwords: keep only a digest
    let entry = this.entries.get(id);
    if (entry) {
      this.entries.delete(id); // re-insert: Map order is the LRU order
    } else {
      entry = { pool: create(), inUse: 0, lastUsed: Date.now(), retired: false };
      const created = entry;
      created.pool.catch(() => {
        if (this.entries.get(id) === created) this.entries.delete(id);
      });
    }
    this.entries.set(id, entry);
    this.evictOverflow();
    this.startSweeper();

    entry.inUse++;
    try {
      return await fn(await entry.pool);
    } finally {
      entry.inUse--;
      entry.lastUsed = Date.now();
      if (entry.retired && entry.inUse === 0) void this.closeEntry(entry);
    }
  }

  /** Drops the pool for `key` (e.g. after a fatal connection error) so the next run starts fresh. */
  discard(key: string): void {
    const id = createHash('sha256').update(key).digest('hex');
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.retire(entry);
  }

  /** Closes every pool; used on shutdown and in tests. */
  async closeAll(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((e) => this.closeEntry(e)));
  }

  private evictOverflow(): void {
    while (this.entries.size > this.options.maxEntries) {
      const [oldestId, oldest] = this.entries.entries().next().value as [string, Entry<P>];
      this.entries.delete(oldestId);
      this.retire(oldest);
    }
  }

  private retire(entry: Entry<P>): void {
    entry.retired = true;
    if (entry.inUse === 0) void this.closeEntry(entry);
  }

  private async closeEntry(entry: Entry<P>): Promise<void> {
    try {
      await this.options.close(await entry.pool);
    } catch {
      // a pool that never opened or fails to close has nothing left to release
    }
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(
      () => {
        const cutoff = Date.now() - this.options.idleMs;
        for (const [id, entry] of this.entries) {
          if (entry.inUse === 0 && entry.lastUsed < cutoff) {
            this.entries.delete(id);
            this.retire(entry);
          }
        }
        if (this.entries.size === 0 && this.sweeper) {
          clearInterval(this.sweeper);
          this.sweeper = undefined;
        }
      },
      Math.max(1000, Math.floor(this.options.idleMs / 2)),
    );
    this.sweeper.unref();
  }
}
