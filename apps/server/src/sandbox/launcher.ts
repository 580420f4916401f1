import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * The server's side of the sandbox launcher (launcher.mjs): one small Node process per server,
 * started at the first sandboxed run, started again at the next run if it died, and gone with
 * the server (it exits when its stdin closes). Forking a large Node process costs the server
 * CPU and blocks its event loop until the child execs; the launcher forks instead. Everything
 * that makes a run sandboxed (user, environment, limits, timeouts, kill of its group) is decided
 * by sandbox/run.ts as before; the launcher starts the process (in a scratch directory it makes
 * when asked) and relays its output.
 */

const LAUNCHER = fileURLToPath(new URL('./launcher.mjs', import.meta.url));

/** What the process of a sandboxed run is started with (see run.ts). */
export interface ProcessRequest {
  file: string;
  args: readonly string[];
  /** The working directory; the scratch directory when unset. */
  cwd?: string;
  env: Record<string, string>;
  /**
   * A fresh private directory the launcher makes in `parent` (owned by `uid:gid`, 0700) as the
   * process's cwd, HOME and TMPDIR unless those are set, and removes before the exit is reported.
   */
  scratch?: { parent: string; uid?: number; gid?: number };
  uid?: number;
  gid?: number;
  input?: string | Buffer;
  /** Bytes relayed per stream past which the rest is dropped in the launcher. */
  maxOutputBytes: number;
  onStdout(b: Buffer): void;
  onStderr(b: Buffer): void;
}

/** A started process: `kill` kills its group and stops waiting for its pipes. */
export interface StartedProcess {
  kill(): void;
  /** Resolves when the process and its pipes are closed; rejects when it could not start. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

interface Pending {
  req: ProcessRequest;
  pid?: number;
  /** The scratch directory the launcher made for it. */
  dir?: string;
  resolve(v: { code: number | null; signal: NodeJS.Signals | null }): void;
  reject(err: Error): void;
}

interface Message {
  id?: number;
  ev: string;
  pid?: number;
  dir?: string;
  data?: string;
  code?: number | null;
  signal?: NodeJS.Signals | null;
  message?: string;
  user?: number;
  system?: number;
}

class Launcher {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private readonly usageWaiters: Array<(u: NodeJS.CpuUsage) => void> = [];
  private nextId = 1;
  exited = false;

  constructor() {
    // nothing of the server's environment: the runs get theirs in each request
    this.child = spawn(process.execPath, [LAUNCHER], {
      env: { PATH: process.env.PATH || '/usr/local/bin:/usr/bin:/bin' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    this.child.stdin?.on('error', () => {}); // reported by 'exit'
    createInterface({ input: this.child.stdout as NodeJS.ReadableStream }).on('line', (line) =>
      this.receive(JSON.parse(line) as Message),
    );
    this.child.once('error', () => this.gone(new Error('the sandbox launcher could not start')));
    this.child.once('exit', () => this.gone(new Error('the sandbox launcher exited')));
    this.idle();
  }

  start(req: ProcessRequest): StartedProcess {
    const id = this.nextId++;
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      this.pending.set(id, { req, resolve, reject });
    });
    this.busy();
    this.send({
      op: 'spawn',
      id,
      file: req.file,
      args: req.args,
      ...(req.cwd !== undefined ? { cwd: req.cwd } : {}),
      env: req.env,
      ...(req.scratch ? { scratch: req.scratch } : {}),
      ...(req.uid !== undefined ? { uid: req.uid, gid: req.gid } : {}),
      ...(req.input !== undefined ? { input: Buffer.from(req.input).toString('base64') } : {}),
      max: req.maxOutputBytes,
    });
    return { kill: () => this.send({ op: 'kill', id }), closed };
  }

  usage(): Promise<NodeJS.CpuUsage> {
    return new Promise((resolve) => {
      this.usageWaiters.push(resolve);
      this.busy();
      this.send({ op: 'usage' });
    });
  }

  stop(): void {
    this.child.stdin?.end();
  }

  private send(m: Record<string, unknown>): void {
    if (!this.exited) this.child.stdin?.write(`${JSON.stringify(m)}\n`);
  }

  private receive(m: Message): void {
    if (m.ev === 'usage') {
      this.usageWaiters.shift()?.({ user: m.user ?? 0, system: m.system ?? 0 });
      this.idle();
      return;
    }
    const p = this.pending.get(m.id ?? 0);
    if (!p) return;
    if (m.ev === 'pid') {
      p.pid = m.pid;
      p.dir = m.dir;
    } else if (m.ev === 'out') p.req.onStdout(Buffer.from(m.data ?? '', 'base64'));
    else if (m.ev === 'err') p.req.onStderr(Buffer.from(m.data ?? '', 'base64'));
    else if (m.ev === 'error' || m.ev === 'close') {
      this.pending.delete(m.id ?? 0);
      if (m.ev === 'error') p.reject(new Error(m.message));
      else p.resolve({ code: m.code ?? null, signal: m.signal ?? null });
      this.idle();
    }
  }

  /** Its runs are killed here (the server may kill any group it had started) and fail; their scratch directories go. */
  private gone(err: Error): void {
    if (this.exited) return;
    this.exited = true;
    if (current === this) current = undefined;
    for (const p of this.pending.values()) {
      try {
        if (p.pid) process.kill(-p.pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
      const { dir } = p;
      if (dir) void rm(dir, { recursive: true, force: true }).catch(() => {});
      p.reject(err);
    }
    this.pending.clear();
    for (const w of this.usageWaiters.splice(0)) w({ user: 0, system: 0 });
  }

  // the launcher keeps the server's event loop alive only while it has work
  private busy(): void {
    (this.child.stdout as Socket | null)?.ref();
  }

  private idle(): void {
    if (this.pending.size || this.usageWaiters.length) return;
    this.child.unref();
    (this.child.stdout as Socket | null)?.unref();
    (this.child.stdin as Socket | null)?.unref();
  }
}

let current: Launcher | undefined;

/** Starts a sandboxed run's process through the launcher, starting the launcher first if needed. */
export function startThroughLauncher(req: ProcessRequest): StartedProcess {
  if (!current || current.exited) current = new Launcher();
  return current.start(req);
}

/** The launcher's own CPU since it started (zero when none runs): counted beside the server's. */
export function launcherCpuUsage(): Promise<NodeJS.CpuUsage> {
  return current && !current.exited ? current.usage() : Promise.resolve({ user: 0, system: 0 });
}

/** Ends the launcher (it kills what it started); the next run starts a new one. */
export function stopLauncher(): void {
  current?.stop();
  current = undefined;
}
