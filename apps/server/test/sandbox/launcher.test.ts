import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { launcherCpuUsage, stopLauncher } from '../../src/sandbox/launcher.js';
import { runSandboxed } from '../../src/sandbox/run.js';
import { processesRunning } from './procs.js';

/** Sandboxed processes are started by the launcher process, which the server replaces when it dies. */

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
let marker = 400;
/** A sleep no other process runs: `sleep 400.NNN`. */
const uniqueSleep = () => ['sleep', `${marker}.${process.pid}${Date.now() % 1000}${++marker}`];

const parentOf = (pid: number) => Number(/^\d+ \(.*\) \S+ (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1]);
const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

/** The process between the server and a run's process: the one the server itself started. */
function serverChildAbove(pid: number): number {
  let at = pid;
  while (parentOf(at) !== process.pid) {
    at = parentOf(at);
    if (at <= 1) throw new Error('the run is not a descendant of the server');
  }
  return at;
}

async function waitFor(argv: string[]): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const [pid] = processesRunning(argv);
    if (pid) return pid;
    await settle(100);
  }
  throw new Error(`${argv.join(' ')} never started`);
}

afterEach(async () => {
  stopLauncher();
  await settle();
});

describe('sandbox: launcher', () => {
  it('starts a run from the launcher, which holds none of the server environment', async () => {
    process.env.OPSDECK_LAUNCHER_TEST_SECRET = 'server-only';
    const sleep = uniqueSleep();
    const controller = new AbortController();
    const run = runSandboxed({ user: 'nobody', command: sleep, timeoutMs: 20_000, signal: controller.signal });
    try {
      const launcher = serverChildAbove(await waitFor(sleep));
      expect(cmdline(launcher).some((a) => a.endsWith('launcher.mjs'))).toBe(true);
      const environ = readFileSync(`/proc/${launcher}/environ`, 'utf8').split('\0').filter(Boolean);
      expect(environ.map((e) => e.split('=')[0])).toEqual(['PATH']);
    } finally {
      controller.abort(new Error('done'));
      await expect(run).rejects.toThrow('done');
      delete process.env.OPSDECK_LAUNCHER_TEST_SECRET;
    }
    await settle();
    expect(processesRunning(sleep)).toEqual([]);
  });

  it('fails the runs of a launcher that dies, kills their processes and starts a new one', async () => {
    const sleep = uniqueSleep();
    const run = runSandboxed({ user: 'nobody', script: `${sleep.join(' ')}; echo late`, timeoutMs: 20_000 });
    const launcher = serverChildAbove(await waitFor(sleep));
    process.kill(launcher, 'SIGKILL');
    await expect(run).rejects.toThrow('the sandbox launcher exited');
    await settle();
    expect(processesRunning(sleep)).toEqual([]);
    const next = await runSandboxed({ user: 'nobody', script: 'echo again', timeoutMs: 10_000 });
    expect(next).toMatchObject({ exitCode: 0, stdout: 'again\n' });
  });

  it('removes the scratch directory it made for a run that timed out, or whose launcher died', async () => {
    const timedOut = await runSandboxed({ user: 'nobody', script: 'pwd; sleep 100', timeoutMs: 3000 }); // long enough for pwd to print under a loaded CI machine
    expect(timedOut.timedOut).toBe(true);
    const first = timedOut.stdout.trim();
    expect(first).toMatch(/opsdeck-sandbox-/);
    expect(existsSync(first)).toBe(false);

    const sleep = uniqueSleep();
    const run = runSandboxed({ user: 'nobody', command: sleep, timeoutMs: 20_000 });
    const pid = await waitFor(sleep);
    const dir = readlinkSync(`/proc/${pid}/cwd`);
    expect(dir).toMatch(/opsdeck-sandbox-/);
    process.kill(serverChildAbove(pid), 'SIGKILL');
    await expect(run).rejects.toThrow('the sandbox launcher exited');
    await settle();
    expect(existsSync(dir)).toBe(false);
  });

  it('kills what a launcher started when the server stops it', async () => {
    const sleep = uniqueSleep();
    const run = runSandboxed({ user: 'nobody', command: sleep, timeoutMs: 20_000 });
    await waitFor(sleep);
    stopLauncher();
    await expect(run).rejects.toThrow('the sandbox launcher exited');
    await settle();
    expect(processesRunning(sleep)).toEqual([]);
  });

  it('reports its own CPU, counted beside the server', async () => {
    expect(await launcherCpuUsage()).toEqual({ user: 0, system: 0 }); // none runs yet
    await runSandboxed({ user: 'nobody', script: 'true', timeoutMs: 10_000 });
    const usage = await launcherCpuUsage();
    expect(usage.user + usage.system).toBeGreaterThan(0);
  });
});
