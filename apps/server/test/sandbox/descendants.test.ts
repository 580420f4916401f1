import { afterEach, describe, expect, it } from 'vitest';
import { processIsolation } from '../../src/sandbox/isolation.js';
import { runSandboxed } from '../../src/sandbox/run.js';
import { processesRunning } from './procs.js';

/** Every process a sandboxed run starts dies with it, `setsid` children included. */

const asRoot = process.getuid?.() === 0;
const settle = () => new Promise((r) => setTimeout(r, 300));
let marker = 300;
/** A sleep no other process runs: `sleep 300.NNN`. */
const uniqueSleep = () => ['sleep', `${marker}.${process.pid}${Date.now() % 1000}${++marker}`];

afterEach(async () => {
  await settle();
});

describe('sandbox: descendants', () => {
  it.skipIf(!asRoot)('gives each run its own PID namespace as root', () => {
    expect(processIsolation()).toEqual({ kind: 'pid-namespace' });
  });

  it.skipIf(!asRoot)('kills a setsid child when the run times out', async () => {
    const sleep = uniqueSleep();
    const r = await runSandboxed({
      user: 'nobody',
      script: `setsid ${sleep.join(' ')} </dev/null >/dev/null 2>&1 & sleep 100`,
      timeoutMs: 800,
    });
    expect(r.timedOut).toBe(true);
    await settle();
    expect(processesRunning(sleep)).toEqual([]);
  });

  it.skipIf(!asRoot)('kills a double-forked setsid child when the script exits by itself', async () => {
    const sleep = uniqueSleep();
    const r = await runSandboxed({
      user: 'nobody',
      script: `( setsid ${sleep.join(' ')} </dev/null >/dev/null 2>&1 & ) ; sleep 0.3; echo started`,
      timeoutMs: 10_000,
    });
    expect(r).toMatchObject({ exitCode: 0, stdout: 'started\n', timedOut: false });
    await settle();
    expect(processesRunning(sleep)).toEqual([]);
  });

  it.skipIf(!asRoot)('still runs as the sandbox user with exit codes and stdin passed through', async () => {
    const r = await runSandboxed({
      user: 'nobody',
      script: 'id -u; id -G; cat; exit 3',
      input: 'from stdin',
      timeoutMs: 10_000,
    });
    expect(r).toMatchObject({ exitCode: 3, stdout: '65534\n65534\nfrom stdin' });
  });

  it.skipIf(!asRoot)('shows a run only its own processes', async () => {
    const r = await runSandboxed({ user: 'nobody', script: 'ls /proc | grep -c "^[0-9]"', timeoutMs: 10_000 });
    expect(Number(r.stdout.trim())).toBeLessThan(5);
  });
});
