/** One server-sent event as a test reads it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

/** A stream opened by a test: events as they arrive, waits with a deadline, and closing. */
export interface TestStream {
  status: number;
  events: SseEvent[];
  /** Resolves with the first event (from the start) matching `match`; rejects after `ms`. */
  next(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/events/stream on `url` with `headers`, parsing frames as they come. */
export async function openStream(url: string, headers: Record<string, string>): Promise<TestStream> {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/events/stream`, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of waiters) w();
  };
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let at = text.indexOf('\n\n'); at >= 0; at = text.indexOf('\n\n')) {
          const frame = text.slice(0, at);
          text = text.slice(at + 2);
          const e: Partial<SseEvent> & { dataText?: string } = { event: 'message' };
          for (const line of frame.split('\n')) {
            if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) e.dataText = line.slice(6);
          }
          if (e.dataText !== undefined) {
            events.push({ id: e.id, event: e.event as string, data: JSON.parse(e.dataText) });
            notify();
          }
        }
      }
    } catch {
      // aborted by close()
    }
    notify();
  })();
  let done = false;
  void ended.then(() => {
    done = true;
  });
  return {
    status: res.status,
    events,
    ended,
    next(match, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (done) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`stream ended before a matching event; got ${events.map((e) => e.event).join(', ')}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${events.map((e) => e.event).join(', ')}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

/** Waits until `cond` holds (polling every 20 ms) or throws after `ms`. */
export async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
