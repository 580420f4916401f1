import { Worker } from 'node:worker_threads';
import { onAbort } from '../../abort.js';

/**
 * jq for one gitops action: a worker thread running jq-web (jq 1.7 in WebAssembly), started for the
 * action's patches and terminated afterwards, or as soon as the action's signal aborts (timeout,
 * cancel), so that a runaway expression never holds the server's thread.
 */
export class JqRunner {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (out: string) => void; reject: (err: Error) => void }>();
  private failure: Error | undefined;
  private readonly stopOnAbort: () => void;

  private constructor(
    private readonly worker: Worker,
    signal: AbortSignal,
  ) {
    worker.on('message', (m: { id?: number; out?: string; error?: string }) => {
      const p = m.id === undefined ? undefined : this.pending.get(m.id);
      if (!p || m.id === undefined) return;
      this.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.out ?? '');
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', () => this.fail(new Error('jq stopped')));
    this.stopOnAbort = onAbort(signal, () => {
      this.fail(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      void this.worker.terminate();
    });
  }

  /** Starts the thread and waits until jq is loaded. */
  static async start(signal: AbortSignal): Promise<JqRunner> {
    signal.throwIfAborted();
    const worker = new Worker(new URL('./jqWorker.mjs', import.meta.url));
    await new Promise<void>((resolve, reject) => {
      const stop = onAbort(signal, () => reject(signal.reason));
      worker.once('message', () => {
        stop();
        resolve();
      });
      worker.once('error', (err) => {
        stop();
        reject(err);
      });
    }).catch(async (err) => {
      await worker.terminate();
      throw err;
    });
    return new JqRunner(worker, signal);
  }

  /** The outputs of `filter` run on `input` (JSON data), in order. */
  async run(input: unknown, filter: string): Promise<unknown[]> {
    if (this.failure) throw this.failure;
    const id = this.next++;
    const out = await new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, input: JSON.stringify(input ?? null), filter });
    });
    // compact output: one JSON value per line (newlines inside strings are escaped)
    return out
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as unknown);
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }

  async close(): Promise<void> {
    this.stopOnAbort();
    this.failure ??= new Error('jq closed');
    await this.worker.terminate();
  }
}
