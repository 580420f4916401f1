import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import { onAbort } from '../abort.js';
import { inPidNamespace, processIsolation } from './isolation.js';
import { startThroughLauncher } from './launcher.js';
import { type SandboxIdentity, sandboxIdentity } from './user.js';

/**
 * The one way OpsDeck runs code on the server (exec checks, later exec scrapers and playbook
 * actions): as the unprivileged sandbox user, in a fresh scratch directory removed afterwards,
 * with only PATH, HOME, TMPDIR, LANG and the caller's `env` (never the server's variables),
 * under a time limit that kills the run and every process it started (a PID namespace of its own
 * as root, see isolation.ts; the process group otherwise), and with output capped per stream.
 * The process is forked by the sandbox launcher (launcher.ts), not by this large process.
 */

export const DEFAULT_MAX_OUTPUT = 1024 * 1024;

interface SandboxRunBase {
  /** Sandbox user (name, `uid` or `uid:gid`), used when the server runs as root. */
  user: string;
  /** Variables the run declares; nothing else of the server's environment is passed. */
  env?: Record<string, string>;
  /** Working directory; the scratch directory when unset. */
  cwd?: string;
  /** A directory from withSandboxDir to use as the scratch directory (HOME, TMPDIR), kept afterwards. */
  scratch?: string;
  timeoutMs: number;
  /** Bytes kept per stream (stdout, stderr); the rest is dropped and the output marked. */
  maxOutputBytes?: number;
  /** Aborting kills the process group and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Bytes written to the process's stdin (closed afterwards); stdin is empty when unset. */
  input?: string | Buffer;
}

export type SandboxRun = SandboxRunBase & ({ script: string; shell?: string } | { command: readonly string[] });

export interface SandboxResult {
  stdout: string;
  stderr: string;
  /** The exit code, or 128 + the signal number when a signal ended the process. */
  exitCode: number;
  /** The signal that ended the process, if any. */
  signal?: string;
  /** Whether stdout or stderr went over the limit. */
  truncated: boolean;
  /** Whether the time limit killed the run. */
  timedOut: boolean;
}

class Capture {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  add = (b: Buffer) => {
    if (this.size >= this.max) {
      this.truncated = true;
      return;
    }
    const room = this.max - this.size;
    if (b.length > room) this.truncated = true;
    const kept = b.length > room ? b.subarray(0, room) : b;
    this.chunks.push(kept);
    this.size += kept.length;
  };
  text(): string {
    const s = Buffer.concat(this.chunks).toString('utf8');
    return this.truncated ? `${s}\n[output truncated at ${this.max} bytes]` : s;
  }
}

async function scratchDir(id: SandboxIdentity | undefined): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'opsdeck-sandbox-'));
  if (id) await chown(dir, id.uid, id.gid);
  await chmod(dir, 0o700);
  return dir;
}

/**
 * A scratch directory owned by the sandbox user for several sandboxed steps of one run (a git
 * checkout, then the script with `cwd` inside it, then reading its artifacts), removed afterwards.
 */
export async function withSandboxDir<T>(user: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const scratch = await scratchDir(sandboxIdentity(user));
  try {
    return await fn(scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true }).catch(() => {});
  }
}

/**
 * Runs a script (`shell -c`, bash by default) or a command in the sandbox; see the module comment.
 * Without `scratch`, the launcher makes and removes the scratch directory (one process's system
 * calls fewer here per run).
 */
export async function runSandboxed(run: SandboxRun): Promise<SandboxResult> {
  run.signal?.throwIfAborted();
  const id = sandboxIdentity(run.user);
  const env: Record<string, string> = {
    PATH: process.env.PATH || '/usr/local/bin:/usr/bin:/bin',
    ...(run.scratch ? { HOME: run.scratch, TMPDIR: run.scratch } : {}),
    LANG: process.env.LANG || 'C.UTF-8',
    ...run.env,
  };
  const [program, argv] =
    'script' in run ? [run.shell ?? 'bash', ['-c', run.script]] : [run.command[0], run.command.slice(1)];
  if (!program) throw new Error('sandbox: empty command');
  // as root, unshare makes the namespace and then switches to the sandbox user itself
  const namespaced = id && processIsolation().kind === 'pid-namespace';
  const [file, args] = namespaced ? ['unshare', inPidNamespace(program, argv, id)] : [program, argv];
  const max = run.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  const out = new Capture(max);
  const err = new Capture(max);
  // started by the launcher (launcher.ts), not forked from this process
  const cwd = run.cwd ?? run.scratch;
  const child = startThroughLauncher({
    file,
    args,
    ...(cwd !== undefined ? { cwd } : {}),
    ...(run.scratch ? {} : { scratch: { parent: tmpdir(), ...(id ? { uid: id.uid, gid: id.gid } : {}) } }),
    env,
    ...(id && !namespaced ? { uid: id.uid, gid: id.gid } : {}),
    ...(run.input !== undefined ? { input: run.input } : {}),
    maxOutputBytes: max,
    onStdout: out.add,
    onStderr: err.add,
  });
  let timedOut = false;
  // kills the group and stops waiting for pipes a detached grandchild may still hold
  const stop = () => child.kill();
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, run.timeoutMs);
  const removeAbort = onAbort(run.signal, stop);
  try {
    const { code, signal } = await child.closed;
    run.signal?.throwIfAborted();
    return {
      stdout: out.text(),
      stderr: err.text(),
      exitCode: code ?? 128 + (signal ? constants.signals[signal] : 0),
      ...(signal ? { signal } : {}),
      truncated: out.truncated || err.truncated,
      timedOut,
    };
  } finally {
    clearTimeout(timer);
    removeAbort();
  }
}
