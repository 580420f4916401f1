import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * A few worker threads that run user code (scripts, SQL) with a deadline, so the server's own
 * thread never waits on it: a task is posted to an idle thread and the caller awaits its answer.
 * A thread that overruns its task's deadline is terminated (whatever it is doing: WebAssembly
 * loops included) and a new one is started for the next task; tasks beyond the free threads wait
 * in a bounded queue. Threads are unref'd, so they never keep the process alive, and `close()`
 * (server shutdown) terminates them and fails what is waiting.
 *
 * The worker script answers `{ready: true}` once loaded (or `{failed: reason}`), then one message
 * per task message, in order.
 */

export interface DeadlinePoolOptions {
  /** The worker script (plain JavaScript, so it loads whatever TypeScript loader the main thread uses). */
  script: URL;
  workerData?: unknown;
  /** Threads running at once. */
  threads: number;
  /** How long a thread may take to start (load its WebAssembly); not part of any task's deadline. */
  startMs: number;
  /** Tasks that may wait for a thread; more are refused at once. */
  maxQueue: number;
  /** What the code is, for messages ("javascript sandbox", "view SQL engine"). */
  what: string;
  /** V8 heap limits of each thread (WebAssembly memory is not counted). */
  resourceLimits?: ResourceLimits;
}

/** A task's limit: its deadline from when a thread takes it, and the error it fails with then. */
export interface TaskLimit {
  deadlineMs: number;
  timeoutMessage: string;
}

interface Task {
  input: unknown;
  limit: TaskLimit;
  resolve: (out: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  task?: Task;
  timer?: NodeJS.Timeout;
}

export class DeadlinePool<In, Out> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];

  constructor(private readonly options: DeadlinePoolOptions) {}

  /** Runs `input` on a thread; rejects with `limit.timeoutMessage` when it overruns. */
  run(input: In, limit: TaskLimit): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      if (this.queue.length >= this.options.maxQueue) {
        reject(new Error(`the ${this.options.what} is busy: ${this.queue.length} tasks are waiting`));
        return;
      }
      this.queue.push({ input, limit, resolve: resolve as (out: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Threads alive and tasks waiting for one (tests, diagnostics). */
  stats(): { threads: number; busy: number; waiting: number } {
    const busy = [...this.slots].filter((s) => s.task).length;
    return { threads: this.slots.size, busy, waiting: this.queue.length };
  }

  /** Terminates every thread and fails every task, running or waiting; later tasks start new threads. */
  async close(): Promise<void> {
    const stopped = new Error(`the ${this.options.what} was stopped`);
    for (const task of this.queue.splice(0)) task.reject(stopped);
    const slots = [...this.slots];
    for (const slot of slots) this.retire(slot, stopped);
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => 0)));
  }

  /** Hands waiting tasks to idle threads, starting threads up to the limit. */
  private dispatch(): void {
    while (this.queue.length) {
      let idle = [...this.slots].find((s) => !s.task);
      if (!idle && this.slots.size < this.options.threads) idle = this.start();
      if (!idle) return;
      const slot = idle;
      const task = this.queue.shift() as Task;
      slot.task = task;
      slot.ready.then(
        () => {
          if (slot.task !== task) return; // closed meanwhile
          try {
            slot.worker.postMessage(task.input);
          } catch (err) {
            // an input that cannot be sent (not plain data): this task fails, the thread stays
            slot.task = undefined;
            task.reject(err as Error);
            this.dispatch();
            return;
          }
          slot.timer = setTimeout(() => {
            this.retire(slot, new Error(task.limit.timeoutMessage));
          }, task.limit.deadlineMs);
        },
        (err: Error) => this.retire(slot, err),
      );
    }
  }

  private start(): Slot {
    const worker = new Worker(this.options.script, {
      workerData: this.options.workerData,
      resourceLimits: this.options.resourceLimits,
    });
    worker.unref();
    const slot: Slot = { worker, ready: Promise.resolve() };
    slot.ready = new Promise<void>((resolve, reject) => {
      const startTimer = setTimeout(() => {
        reject(new Error(`the ${this.options.what} did not start within ${this.options.startMs}ms`));
        void worker.terminate();
      }, this.options.startMs);
      const started = (m: { ready?: boolean; failed?: string }) => {
        clearTimeout(startTimer);
        if (m.ready) resolve();
        else reject(new Error(`the ${this.options.what} did not start: ${m.failed ?? 'unknown reason'}`));
      };
      worker.once('message', started);
      worker.once('exit', () => {
        clearTimeout(startTimer);
        reject(new Error(`the ${this.options.what} stopped`));
      });
    });
    slot.ready.then(
      () => worker.on('message', (out: unknown) => this.answer(slot, out)),
      () => {},
    );
    worker.on('error', (err) => this.retire(slot, new Error(`the ${this.options.what} failed: ${err.message}`)));
    worker.on('exit', () => this.retire(slot, new Error(`the ${this.options.what} stopped`)));
    this.slots.add(slot);
    return slot;
  }

  private answer(slot: Slot, out: unknown): void {
    const task = slot.task;
    if (!task) return;
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.timer = undefined;
    task.resolve(out);
    this.dispatch();
  }

  /** Takes a thread out of the pool (overrun, crash, exit, close), failing its task with `err`. */
  private retire(slot: Slot, err: Error): void {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = undefined;
    task?.reject(err);
    void slot.worker.terminate();
    this.dispatch();
  }
}
