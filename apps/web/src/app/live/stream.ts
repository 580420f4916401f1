import { LIVE_EVENT_NAMES, type LiveEventName, type LiveEvents } from '@opsdeck/schema/live';
import type { QueryClient } from '@tanstack/react-query';
import { LiveCache } from './applyEvent.js';

export const STREAM_PATH = '/api/events/stream';
/** Wait before opening a stream again after the server ended it or the browser gave up. */
export const RECONNECT_MS = 5_000;

type Listener = () => void;

/**
 * The tab's one live stream, shared by every page: an EventSource whose events update the query
 * cache. `connected` tells pages whether to poll (only while the stream is down). The browser
 * reconnects on its own after a network error (sending Last-Event-ID); when the server ends the
 * stream or the browser gives up, it is opened again after a pause, resuming from the last id.
 */
class LiveStream {
  connected = false;
  private source: EventSource | undefined;
  private cache: LiveCache | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private lastId: string | undefined;
  private users = 0;
  private readonly listeners = new Set<Listener>();

  /** Opens the stream for the first user; answers the function that lets go of it. */
  acquire(client: QueryClient): () => void {
    this.users++;
    if (this.users === 1) {
      this.cache = new LiveCache(client);
      this.open();
    }
    return () => {
      this.users--;
      if (this.users === 0) this.close();
    };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setConnected(value: boolean): void {
    if (this.connected === value) return;
    this.connected = value;
    for (const l of this.listeners) l();
  }

  private open(): void {
    if (typeof EventSource === 'undefined') return; // no streams here (tests, old engines): pages poll
    const url = this.lastId ? `${STREAM_PATH}?lastEventId=${encodeURIComponent(this.lastId)}` : STREAM_PATH;
    const source = new EventSource(url, { withCredentials: true });
    this.source = source;
    const resumed = this.lastId !== undefined;
    source.onopen = () => {
      this.setConnected(true);
      // a fresh stream carries nothing from before it opened: what pages read while it was
      // connecting may already be stale (a resumed one replays the gap, or sends a reset)
      if (!resumed) this.cache?.resync();
    };
    source.onerror = () => {
      this.setConnected(false);
      if (source.readyState === EventSource.CLOSED) this.reopenLater(); // the browser gave up
    };
    for (const name of LIVE_EVENT_NAMES) {
      source.addEventListener(name, (e) => this.onEvent(name, e as MessageEvent<string>));
    }
  }

  private onEvent(name: LiveEventName, e: MessageEvent<string>): void {
    if (e.lastEventId) this.lastId = e.lastEventId;
    if (name === 'end') {
      this.source?.close();
      this.setConnected(false);
      this.reopenLater();
      return;
    }
    try {
      this.cache?.apply(name, JSON.parse(e.data) as LiveEvents[typeof name]);
    } catch {
      // a malformed event changes nothing; polling-free pages refetch on the next one
    }
  }

  private reopenLater(): void {
    this.source?.close();
    this.source = undefined;
    if (this.retry || this.users === 0) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.users > 0) this.open();
    }, RECONNECT_MS);
  }

  private close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    this.source?.close();
    this.source = undefined;
    this.cache?.dispose();
    this.cache = undefined;
    this.setConnected(false);
  }
}

/** The one stream of this tab. */
export const liveStream = new LiveStream();
