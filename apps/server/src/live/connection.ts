import type { ServerResponse } from 'node:http';
import { authorize } from '../rbac/authorize.js';
import type { Resource, Subject } from '../rbac/resources.js';
import type { NumberedEvent } from './events.js';

/** Signs the stream's holder in again from the request it opened with; null once signed out. */
export type Reauthenticate = () => Promise<Subject | null>;

export interface StreamLimits {
  /** Frames waiting for a slow reader (or for a fresh decision) before the stream is dropped. */
  maxQueue: number;
  /** Bytes waiting likewise. */
  maxQueueBytes: number;
  /** A decision older than this is made again (sessions that expire, rows whose `until` passes). */
  decisionMaxAgeMs: number;
}

/**
 * One open stream: decides per event whether its holder may read it (one cached decision per
 * resource, dropped when access changes), and writes to the socket with a bounded queue. A
 * reader that falls behind by more than the bound is disconnected rather than buffered for.
 */
export class StreamConnection {
  closed = false;
  private decisions = new Map<Resource, boolean>();
  private decidedAt: number;
  private generation = 0;
  private refreshing: Promise<void> | undefined;
  /** Events that arrived while the holder's access was being looked up again. */
  private held: NumberedEvent[] = [];
  private queue: string[] = [];
  private queuedBytes = 0;
  private blocked = false;
  private corked = false;
  private readonly onDrain = () => this.drain();
  private readonly uncork = () => {
    this.corked = false;
    if (!this.closed) this.res.uncork();
  };

  constructor(
    private readonly res: ServerResponse,
    private subject: Subject,
    private readonly reauthenticate: Reauthenticate,
    private readonly limits: StreamLimits,
    private readonly onClosed: (c: StreamConnection) => void,
  ) {
    this.decidedAt = Date.now();
    res.once('close', () => this.dispose());
  }

  /** Delivers `event` if the holder may read its resource. */
  offer(event: NumberedEvent): void {
    if (this.closed) return;
    if (this.refreshing || Date.now() - this.decidedAt > this.limits.decisionMaxAgeMs) {
      this.held.push(event);
      if (this.held.length > this.limits.maxQueue) this.drop();
      else this.refresh();
      return;
    }
    if (this.allowed(event.resource)) this.write(event.frame);
  }

  /** Access changed somewhere (permissions, roles, teams, sessions): decide again from scratch. */
  invalidate(): void {
    if (this.closed) return;
    this.generation++;
    this.refresh();
  }

  /** Writes a frame that needs no permission (heartbeat, reset). */
  write(frame: string): void {
    if (this.closed) return;
    if (this.blocked) {
      this.queue.push(frame);
      this.queuedBytes += frame.length;
      if (this.queue.length > this.limits.maxQueue || this.queuedBytes > this.limits.maxQueueBytes) this.drop();
      return;
    }
    // the frames of one tick (a batch of results is several events) leave in one write
    if (!this.corked) {
      this.corked = true;
      this.res.cork();
      process.nextTick(this.uncork);
    }
    if (!this.res.write(frame)) {
      this.blocked = true;
      this.res.once('drain', this.onDrain);
    }
  }

  /** Ends the stream politely (the client sees why). */
  end(reason: string): void {
    if (this.closed) return;
    this.res.end(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.dispose();
  }

  /** Cuts the stream (a reader too slow to keep up); the client reconnects and resumes or resets. */
  drop(): void {
    if (this.closed) return;
    this.res.destroy();
    this.dispose();
  }

  private allowed(resource: Resource): boolean {
    let decision = this.decisions.get(resource);
    if (decision === undefined) {
      decision = authorize(this.subject, resource, 'read').allowed;
      this.decisions.set(resource, decision);
    }
    return decision;
  }

  private refresh(): void {
    if (this.refreshing) return;
    const generation = this.generation;
    this.refreshing = (async () => {
      let subject: Subject | null;
      try {
        subject = await this.reauthenticate();
      } catch {
        subject = null; // cannot tell who this is now: deliver nothing more
      }
      this.refreshing = undefined;
      if (this.closed) return;
      if (!subject) {
        this.end('signed out');
        return;
      }
      this.subject = subject;
      this.decisions.clear();
      this.decidedAt = Date.now();
      if (generation !== this.generation) {
        this.refresh(); // changed again meanwhile
        return;
      }
      const held = this.held;
      this.held = [];
      for (const event of held) this.offer(event);
    })();
  }

  private drain(): void {
    this.blocked = false;
    const queue = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    for (const frame of queue) this.write(frame);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.res.off('drain', this.onDrain);
    this.queue = [];
    this.held = [];
    this.decisions.clear();
    this.onClosed(this);
  }
}
