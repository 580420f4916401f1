import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Subject } from '../rbac/resources.js';
import { ReplayBuffer } from './buffer.js';
import { type Reauthenticate, StreamConnection, type StreamLimits } from './connection.js';
import { type LiveEvent, type NumberedEvent, resourceOf } from './events.js';

export interface HubOptions extends StreamLimits {
  /** Events kept for `Last-Event-ID` resume. */
  bufferSize: number;
  /** A comment line on every stream this often, so proxies and clients see the stream alive. */
  heartbeatMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  bufferSize: 512,
  heartbeatMs: 15_000,
  maxQueue: 256,
  maxQueueBytes: 1 << 20,
  decisionMaxAgeMs: 60_000,
};

const RESET = 'event: reset\ndata: {}\n\n';
const HEARTBEAT = ': heartbeat\n\n';

/**
 * The streams of one process. Events are numbered here (`<epoch>-<seq>`, the epoch new per
 * process start), framed once, kept in a bounded ring for resume, and offered to each stream,
 * which decides on its own holder's access. One heartbeat timer serves every stream and runs
 * only while streams are open.
 */
export class LiveHub {
  readonly epoch = randomBytes(4).toString('hex');
  readonly options: HubOptions;
  private seq = 0;
  private readonly buffer: ReplayBuffer;
  private readonly connections = new Set<StreamConnection>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(options: Partial<HubOptions> = {}) {
    this.options = { ...DEFAULT_HUB_OPTIONS, ...options };
    this.buffer = new ReplayBuffer(this.options.bufferSize);
  }

  /** Open streams. */
  get size(): number {
    return this.connections.size;
  }

  /** Numbers, frames, keeps and offers one event to every stream. */
  dispatch(event: LiveEvent): void {
    const resource = resourceOf(event.type);
    if (!resource) return;
    this.seq++;
    const frame = `id: ${this.epoch}-${this.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
    const numbered: NumberedEvent = { seq: this.seq, resource, frame };
    this.buffer.push(numbered);
    for (const c of this.connections) c.offer(numbered);
  }

  /** Permissions, roles, teams or sessions changed: every stream decides again. */
  accessChanged(): void {
    for (const c of this.connections) c.invalidate();
  }

  /** Events may have been missed (the LISTEN connection was lost): clients refetch what they show. */
  reset(): void {
    for (const c of this.connections) c.write(RESET);
  }

  /** Starts a stream on `res` (headers already sent), replaying from `lastEventId` when given. */
  open(res: ServerResponse, subject: Subject, reauthenticate: Reauthenticate, lastEventId?: string): StreamConnection {
    const c = new StreamConnection(res, subject, reauthenticate, this.options, (closed) => this.remove(closed));
    this.connections.add(c);
    this.heartbeat ??= setInterval(() => {
      for (const open of this.connections) open.write(HEARTBEAT);
    }, this.options.heartbeatMs).unref();
    if (lastEventId !== undefined) this.replay(c, lastEventId);
    return c;
  }

  /** Ends every stream (shutdown). */
  closeAll(): void {
    for (const c of [...this.connections]) c.end('server shutting down');
  }

  private replay(c: StreamConnection, lastEventId: string): void {
    const [epoch, seqText] = lastEventId.split('-');
    const seq = Number(seqText);
    const missed = epoch === this.epoch && Number.isSafeInteger(seq) ? this.buffer.since(seq, this.seq) : undefined;
    if (!missed)
      c.write(RESET); // another process, a restart, or too long ago
    else for (const event of missed) c.offer(event);
  }

  private remove(c: StreamConnection): void {
    this.connections.delete(c);
    if (this.connections.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }
}
