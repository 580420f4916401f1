import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBundle } from '../../apps/server/bin/bundle.mjs';
import { SERVER_NODE_FLAGS } from '../../apps/server/bin/nodeFlags.mjs';

const BIN = path.resolve(import.meta.dirname, '../../apps/server/bin/opsdeck.mjs');

/** One `opsdeck serve` child process of a benchmark. */
export interface ServeProcess {
  pid: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code once it has shut down. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown work at all. */
  kill9(): Promise<void>;
}

/**
 * Starts `opsdeck serve` on `databaseUrl` as `role` on a random loopback port, as `npm start` does
 * (its bundle, its node flags); resolves once it listens. Without `databaseUrl` it runs on the
 * embedded database in `opts.dataDir`, which it leaves in place (a data dir of its own otherwise,
 * removed when it exits). `nodeArgs` go to node before the script (`--cpu-prof`, `--expose-gc`);
 * `ipc` opens an IPC channel (for bench/lib/gcProbe.mjs); `onSpawn` hears of the child before it
 * listens, so a run interrupted during a slow start can still stop it.
 */
export async function startServe(
  databaseUrl: string | undefined,
  role: 'api' | 'worker' | 'all',
  env: Record<string, string> = {},
  opts: { nodeArgs?: string[]; ipc?: boolean; dataDir?: string; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<ServeProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-'));
  await ensureBundle();
  const args = [...SERVER_NODE_FLAGS, ...(opts.nodeArgs ?? []), BIN, 'serve', '--port', '0', '--host', '127.0.0.1'];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      OPSDECK_ROLE: role,
      OPSDECK_DATA_DIR: dataDir,
      OPSDECK_SAMPLE_DATA: 'false',
      OPSDECK_SECRET_KEY: 'bench-secret-key-0123456789abcdef',
      OPSDECK_ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: opts.ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  opts.onSpawn?.(child);
  if (!opts.dataDir) void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /OpsDeck is running: open http:\/\/localhost:(\d+)/.exec(out);
      if (!m) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve(`http://127.0.0.1:${m[1]}`);
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => reject(new Error(`opsdeck serve exited with ${code}`)));
  });
  return {
    pid: child.pid as number,
    url,
    child,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux; 100 ticks a second). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after "(comm)": state is field 3, utime 14 and stime 15 of the whole line
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // the process has exited
  }
}

/** Resident memory of a process now, in MiB, from /proc (Linux); NaN once it has exited. */
export function processRssMiB(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
