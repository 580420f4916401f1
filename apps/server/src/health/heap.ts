/** A binary min-heap ordered by `at`: the one timer queue behind every scheduled canary. */
export class MinHeap<T extends { at: number }> {
  private items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((a[parent] as T).at <= item.at) break;
      a[i] = a[parent] as T;
      i = parent;
    }
    a[i] = item;
  }

  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const child = r < a.length && (a[r] as T).at < (a[l] as T).at ? r : l;
      if ((a[child] as T).at >= last.at) break;
      a[i] = a[child] as T;
      i = child;
    }
    a[i] = last;
    return top;
  }

  clear(): void {
    this.items = [];
  }

  /** Every queued item, in no particular order. */
  values(): readonly T[] {
    return this.items;
  }
}

/** Limits how many tasks run at once; waiters start in arrival order. */
export class Semaphore {
  private active = 0;
  private waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiting.shift()?.();
    };
  }
}
