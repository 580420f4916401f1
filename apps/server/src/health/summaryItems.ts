import type { JsonBytes } from './summaryJson.js';

/**
 * The encoded `checks_summary` items of one kept summary, each with its leading comma, in one
 * buffer: an item written again goes to the end and its old bytes become garbage; when the buffer
 * is full the live items are copied out in check order into one twice their size. So the memory
 * stays under twice the items' bytes, and a reply is a few long copies (runs of neighbouring
 * items) instead of one per check.
 */
export class SummaryItems {
  private buf = Buffer.alloc(0);
  private used = 0;
  private start = new Int32Array(0);
  private len = new Int32Array(0);
  /** Bytes of the items in place. */
  live = 0;

  /** Drops every item and makes room for `count` of about `bytes` bytes in all. */
  reset(count: number, bytes: number): void {
    this.start = new Int32Array(count);
    this.len = new Int32Array(count);
    this.live = 0;
    this.used = 0;
    if (this.buf.length < bytes || this.buf.length > 4 * bytes) this.buf = Buffer.allocUnsafe(Math.max(bytes, 1024));
  }

  /** Item `i` becomes `,` head middle tail state (the middle is ASCII: status, counts and numbers). */
  set(i: number, head: Buffer, middle: string, tail: Buffer, state: Buffer): void {
    const n = 1 + head.length + middle.length + tail.length + state.length;
    this.room(n);
    let at = this.used;
    this.buf[at++] = 0x2c;
    this.buf.set(head, at);
    at += head.length;
    at += this.buf.write(middle, at, 'latin1');
    this.buf.set(tail, at);
    at += tail.length;
    this.buf.set(state, at);
    this.live += n - (this.len[i] as number);
    this.start[i] = this.used;
    this.len[i] = n;
    this.used += n;
  }

  private room(n: number): void {
    if (this.used + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(64 * 1024, 2 * (this.live + n)));
    let at = 0;
    for (let i = 0; i < this.start.length; i++) {
      const l = this.len[i] as number;
      if (l === 0) continue;
      const s = this.start[i] as number;
      this.buf.copy(next, at, s, s + l);
      this.start[i] = at;
      at += l;
    }
    this.buf = next;
    this.used = at;
  }

  /** Writes the items in check order (only those `keep` takes, given one) as the inside of a JSON array. */
  writeTo(out: JsonBytes, keep?: (i: number) => boolean): void {
    let from = -1;
    let to = -1;
    let first = true;
    for (let i = 0; i < this.start.length; i++) {
      const l = this.len[i] as number;
      if (l === 0 || (keep && !keep(i))) continue;
      const s = this.start[i] as number;
      if (s === to) {
        to += l;
        continue;
      }
      if (from >= 0) out.bytes(this.buf.subarray(from, to));
      // the first item goes without its comma
      from = first ? s + 1 : s;
      to = s + l;
      first = false;
    }
    if (from >= 0) out.bytes(this.buf.subarray(from, to));
  }
}
