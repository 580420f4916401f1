import type { NumberedEvent } from './events.js';

/**
 * The last `capacity` events a hub sent, for `Last-Event-ID` resume: a ring, so a server running
 * for months keeps a fixed amount however many events pass.
 */
export class ReplayBuffer {
  private readonly ring: (NumberedEvent | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    this.ring = new Array(capacity);
  }

  push(event: NumberedEvent): void {
    this.ring[this.next] = event;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  /** The events after `seq`, oldest first; undefined when some of them have already left the ring. */
  since(seq: number, last: number): NumberedEvent[] | undefined {
    if (seq > last) return undefined; // an id this hub never gave out
    const missed = last - seq;
    if (missed === 0) return [];
    if (missed > this.count) return undefined;
    const out: NumberedEvent[] = [];
    for (let i = missed; i > 0; i--) {
      const event = this.ring[(this.next - i + this.capacity) % this.capacity];
      if (event) out.push(event);
    }
    return out;
  }
}
