/**
 * The JSON of `checks_summary` items, written by hand so that the parts of a check that only an
 * edit changes are rendered once and reused; a 10,000-check reply is then mostly byte copies
 * instead of building and stringifying 10,000 objects. Keys come in the order of canary-checker
 * (and of the CheckSummary type): the definition head, status, uptime, latency, created/updated,
 * the optional definition fields, then the optional state times.
 */

/** A check's definition as the summary query reads it. */
export interface CheckRow {
  id: string;
  canary_id: string;
  canary_name: string;
  canary_namespace: string;
  agent_id: string;
  name: string;
  namespace: string | null;
  description: string | null;
  endpoint: string | null;
  icon: string | null;
  type: string;
  owner: string | null;
  severity: string | null;
  labels: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

/** What a run (or a silence) changes, in epoch milliseconds. */
export interface CheckState {
  status: 'healthy' | 'unhealthy' | null;
  lastRuntime: number | null;
  nextRuntime: number | null;
  lastTransition: number | null;
  silencedAt: number | null;
  /** The times' rendered JSON and the times it was rendered from, kept while they are unchanged. */
  json?: { times: readonly [number | null, number | null, number | null, number | null]; bytes: Buffer };
}

/** Uptime counts and latency percentiles of a check over the window. */
export interface WindowStats {
  passed: number;
  failed: number;
  p95?: number | undefined;
  p97?: number | undefined;
  p99?: number | undefined;
}

const str = JSON.stringify;

/** Label values are strings on the wire; other JSON values are sent as their JSON text. */
function stringLabels(labels: Record<string, unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels ?? {})) {
    if (v !== null && v !== undefined) out[k] = typeof v === 'string' ? v : str(v);
  }
  return out;
}

const optional = (key: string, v: string | null | undefined) =>
  v === null || v === undefined ? '' : `,"${key}":${str(v)}`;

/** A check's item parts that only an edit changes, as UTF-8. */
export interface CheckJson {
  /** `{"id":…,"labels":{…},"status":` */
  head: Buffer;
  /** `,"created_at":…` up to the last definition field, without the closing brace */
  tail: Buffer;
}

/** The definition parts of a check's item: before its status, and after its latency. */
export function checkJson(c: CheckRow): CheckJson {
  const head =
    `{"id":${str(c.id)},"canary_id":${str(c.canary_id)},"canary_name":${str(c.canary_name)},` +
    `"canary_namespace":${str(c.canary_namespace)},"agent_id":${str(c.agent_id)},"name":${str(c.name)},` +
    `"namespace":${str(c.namespace)},"type":${str(c.type)},"labels":${str(stringLabels(c.labels))},"status":`;
  const tail =
    `,"created_at":${str(c.created_at.toISOString())},"updated_at":${str(c.updated_at.toISOString())}` +
    optional('description', c.description) +
    optional('endpoint', c.endpoint) +
    optional('icon', c.icon) +
    optional('owner', c.owner) +
    optional('severity', c.severity);
  return { head: Buffer.from(head), tail: Buffer.from(tail) };
}

const time = (key: string, ms: number | null) => (ms === null ? '' : `,"${key}":"${new Date(ms).toISOString()}"`);

/** The state times of an item and its closing brace, rendered again only when the state changed. */
export function stateJson(s: CheckState): Buffer {
  const t = s.json?.times;
  if (t && t[0] === s.lastRuntime && t[1] === s.nextRuntime && t[2] === s.lastTransition && t[3] === s.silencedAt) {
    return (s.json as { bytes: Buffer }).bytes;
  }
  const text =
    time('last_runtime', s.lastRuntime) +
    time('next_runtime', s.nextRuntime) +
    time('last_transition_time', s.lastTransition) +
    time('silenced_at', s.silencedAt);
  const bytes = Buffer.from(`${text}}`);
  s.json = { times: [s.lastRuntime, s.nextRuntime, s.lastTransition, s.silencedAt], bytes };
  return bytes;
}

// a percentile of only null durations comes back as null: left out, like undefined
const percentile = (key: string, v: number | null | undefined) =>
  v === undefined || v === null ? '' : `"${key}":${v},`;

// The buffer of the last reply that was completely sent. A fresh 6 MB buffer per reply is
// external memory that makes V8 collect garbage every few replies; reusing one avoids most of it.
let spare: Buffer | undefined;

/**
 * A reply body written as bytes: the kept parts of 10,000 items are copied in, where joining
 * strings made of many pieces costs ~20 ms of flattening per reply.
 */
export class JsonBytes {
  private buf: Buffer;
  private start: number;
  private length: number;
  /** `headroom` bytes are kept free in front for `prepend`. */
  constructor(capacity: number, headroom = 0) {
    const size = Math.max(capacity, 64) + headroom;
    if (spare && spare.length >= size && spare.length <= 2 * size) {
      this.buf = spare;
      spare = undefined;
    } else {
      this.buf = Buffer.allocUnsafe(size);
    }
    this.start = headroom;
    this.length = headroom;
  }
  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }
  bytes(b: Buffer): void {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  text(s: string): void {
    this.room(s.length * 3);
    this.length += this.buf.write(s, this.length);
  }
  /** Writes `s` in front of everything written so far, within the headroom. */
  prepend(s: string): void {
    const n = Buffer.byteLength(s);
    if (n > this.start) throw new Error('JsonBytes: prepend beyond the headroom');
    this.start -= n;
    this.buf.write(s, this.start);
  }
  done(): Buffer {
    return this.buf.subarray(this.start, this.length);
  }
  /** Offers the buffer to the next reply: call once nothing reads `done()`'s bytes any more. */
  release(): void {
    if (!spare || spare.length < this.buf.length) spare = this.buf;
  }
}

/** The part of an item between its definition head and tail: status, uptime and latency. */
export function itemMiddle(check: { state: CheckState }, s: WindowStats | undefined): string {
  const status = check.state.status === null ? 'null' : `"${check.state.status}"`;
  // rolling1h is always 0 on canary-checker's wire (its Go type drops the view's value)
  const latency = s
    ? `{${percentile('p95', s.p95)}${percentile('p97', s.p97)}${percentile('p99', s.p99)}"rolling1h":0}`
    : '{"rolling1h":0}';
  return `${status},"uptime":{"passed":${s?.passed ?? 0},"failed":${s?.failed ?? 0}},"latency":${latency}`;
}

/** Writes one `checks_summary` item. */
export function writeItem(out: JsonBytes, check: CheckJson & { state: CheckState }, s: WindowStats | undefined): void {
  out.bytes(check.head);
  out.text(itemMiddle(check, s));
  out.bytes(check.tail);
  out.bytes(stateJson(check.state));
}
