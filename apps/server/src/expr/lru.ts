/**
 * A bounded cache of parsed expressions by source text that keeps the recently used ones: two
 * generations of at most `max / 2` entries each. Entries are added to the young generation; when
 * it is full it becomes the old one and the previous old generation is dropped. A hit in the old
 * generation moves the entry back to the young one, so an entry in use survives and the least
 * recently used go first. A hit in the young generation is one map lookup, which matters on
 * every render of a hot template.
 */
export class Lru<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  private readonly half: number;

  constructor(max: number) {
    this.half = Math.max(1, Math.floor(max / 2));
  }

  get(key: string): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      this.set(key, aged);
    }
    return aged;
  }

  set(key: string, value: V): void {
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  /** Entries held (at most `max`). */
  get size(): number {
    return this.young.size + this.old.size;
  }
}
