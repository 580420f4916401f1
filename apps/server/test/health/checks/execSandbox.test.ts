import { getEventListeners } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openSecretBox } from '../../../src/crypto/secretBox.js';
import { executeCheck } from '../../../src/health/execute.js';
import { logSandbox } from '../../../src/sandbox/index.js';
import { runSandboxed } from '../../../src/sandbox/run.js';
import { processesRunning } from '../../sandbox/procs.js';
import { runnerContext } from './runnerContext.js';

/** Exec checks run in the sandbox: another user, a scratch dir, no server env, limits. */

const root = mkdtempSync(path.join(tmpdir(), 'opsdeck-sandbox-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const asRoot = process.getuid?.() === 0;
const ctx = (extra: Parameters<typeof runnerContext>[2] = {}) => runnerContext({}, 10_000, extra);
const exec = (script: string, fields: Record<string, unknown> = {}) =>
  executeCheck('exec', { name: 'e', script, ...fields }, ctx());

describe('exec sandbox: the data directory', () => {
  // an unprivileged server cannot switch users; CI and this machine run the tests as root
  it.skipIf(!asRoot)('runs as the sandbox user, who cannot read the data directory or secret.key', async () => {
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir, { mode: 0o755 }); // an existing, world-readable data dir is made private
    openSecretBox({ dataDir }); // generates secret.key as the server does
    const key = readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);

    const who = await exec('id -u');
    expect(who.data.stdout).toBe('65534'); // nobody
    const cat = await exec(`cat ${dataDir}/secret.key`);
    expect(cat.pass).toBe(false);
    expect(cat.error).toContain('Permission denied');
    expect(JSON.stringify(cat)).not.toContain(key);
    const ls = await exec(`ls ${dataDir}`);
    expect(ls.pass).toBe(false);
    expect(ls.error).toContain('Permission denied');
    expect(JSON.stringify(ls)).not.toContain('secret.key:');
    // and not through the server's process either
    const environ = await exec(`cat /proc/${process.pid}/environ`);
    expect(environ.pass).toBe(false);
  });

  it.skipIf(!asRoot)('refuses a sandbox user that does not exist, naming the setting', async () => {
    const r = await executeCheck('exec', { name: 'e', script: 'true' }, ctx({ user: 'no-such-user-here' }));
    expect(r.pass).toBe(false);
    expect(r.error).toContain('OPSDECK_SANDBOX_USER');
  });
});

describe('exec sandbox: environment and scratch directory', () => {
  it('hands the script none of the server environment, only PATH, HOME, TMPDIR, LANG and its env', async () => {
    process.env.DATABASE_URL = 'postgres://opsdeck:planted-db-password@db/opsdeck';
    process.env.OPSDECK_SECRET_KEY = 'planted-secret-key-0123456789';
    try {
      const r = await exec('env', { env: [{ name: 'GREETING', value: 'hi' }] });
      const names = String(r.data.stdout)
        .split('\n')
        .map((l) => l.split('=')[0])
        .filter((n) => n && n !== 'PWD' && n !== 'SHLVL' && n !== '_');
      expect(names.sort()).toEqual(['GREETING', 'HOME', 'LANG', 'PATH', 'TMPDIR']);
      expect(String(r.data.stdout)).not.toMatch(/planted/);
    } finally {
      delete process.env.DATABASE_URL;
      delete process.env.OPSDECK_SECRET_KEY;
    }
  });

  it('runs in a fresh private scratch directory (HOME) that is removed afterwards', async () => {
    const r = await exec('pwd; echo "$HOME"; stat -c %a .; touch made-here');
    const [cwd, home, mode] = String(r.data.stdout).split('\n');
    expect(cwd).toBe(home);
    expect(cwd).toMatch(/opsdeck-sandbox-/);
    expect(mode).toBe('700');
    expect(existsSync(cwd as string)).toBe(false);
    const again = await exec('pwd');
    expect(again.data.stdout).not.toBe(cwd);
  });
});

describe('exec sandbox: limits', () => {
  it('kills a sleep 100 and its children on timeout', async () => {
    const started = Date.now();
    const child = ['sleep', `100.${process.pid}`]; // found by its command line: the run has its own pids
    const r = await runSandboxed({ user: 'nobody', script: `${child.join(' ')} & echo $!; sleep 100`, timeoutMs: 500 });
    expect(r.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(Number(r.stdout.trim())).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(processesRunning(child)).toEqual([]);
  });

  it('times an exec check out with the engine deadline and leaves nothing running', async () => {
    const r = await exec('sleep 100', { timeout: '500ms' });
    expect(r).toMatchObject({ pass: false, error: 'timed out after 500ms' });
    expect(r.duration).toBeLessThan(3000);
  });

  it('kills the process group on abort and leaves no listener on the signal', async () => {
    const shutdown = new AbortController();
    await runSandboxed({ user: 'nobody', script: 'true', timeoutMs: 5000, signal: shutdown.signal });
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
    const run = runSandboxed({ user: 'nobody', script: 'sleep 100', timeoutMs: 60_000, signal: shutdown.signal });
    setTimeout(() => shutdown.abort(new Error('shutting down')), 200);
    await expect(run).rejects.toThrow('shutting down');
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
  });

  it('caps each stream at 1 MiB and marks the output truncated', async () => {
    const r = await runSandboxed({
      user: 'nobody',
      script: 'head -c 3000000 /dev/zero | tr "\\0" a; echo done >&2',
      timeoutMs: 10_000,
    });
    expect(r.truncated).toBe(true);
    expect(r.stdout.startsWith('a'.repeat(1024 * 1024))).toBe(true);
    expect(r.stdout).toMatch(/\n\[output truncated at 1048576 bytes\]$/);
    expect(r.stdout.length).toBeLessThan(1024 * 1024 + 100);
    expect(r.stderr).toBe('done\n');
    const check = await exec('head -c 3000000 /dev/zero | tr "\\0" a');
    expect(check.pass).toBe(true);
    expect(String(check.data.stdout)).toMatch(/\[output truncated at 1048576 bytes\]$/);
  });
});

describe('exec sandbox: OPSDECK_EXEC=off', () => {
  it('does not run exec checks at all', async () => {
    const marker = path.join(root, 'ran');
    const r = await executeCheck('exec', { name: 'e', script: `touch ${marker}` }, ctx({ exec: 'off' }));
    expect(r).toMatchObject({
      pass: false,
      invalid: true,
      error: 'exec checks are turned off on this server (OPSDECK_EXEC=off)',
    });
    expect(existsSync(marker)).toBe(false);
  });
});

describe('exec sandbox: the start-up log', () => {
  it('warns when the server is not root and cannot switch to the sandbox user', () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const getuid = vi.spyOn(process, 'getuid').mockReturnValue(1000);
    try {
      logSandbox({ exec: 'admin', user: 'nobody', fileRoots: [] }, log);
    } finally {
      getuid.mockRestore();
    }
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[1]).toContain('OpsDeck is not running as root');
    expect(log.info).not.toHaveBeenCalled();
  });
});
