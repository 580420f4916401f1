import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { OPSDECK_BIN } from '../helpers/opsdeckBin.js';

/** One `opsdeck serve` child process. */
export interface ServeProcess {
  role: 'api' | 'worker' | 'all';
  pid: number;
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stderr (errors and warnings), for diagnostics. */
  stderr: () => string;
  /** SIGTERM and wait for the exit (graceful shutdown). */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown work at all. */
  kill9(): Promise<void>;
}

/**
 * Starts `opsdeck serve` as a real process on `databaseUrl` with `role`, on a random loopback
 * port; resolves once it prints its address.
 */
export async function startServe(
  databaseUrl: string,
  role: ServeProcess['role'],
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-scale-'));
  const child = spawn(process.execPath, [OPSDECK_BIN, 'serve', '--port', '0', '--host', '127.0.0.1'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      OPSDECK_ROLE: role,
      OPSDECK_DATA_DIR: dataDir,
      OPSDECK_SAMPLE_DATA: 'false',
      // every process of one deployment shares the key that encrypts secrets at rest
      OPSDECK_SECRET_KEY: 'scale-test-secret-key-0123456789',
      OPSDECK_ADMIN_PASSWORD: 'scale-test-admin-password',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /OpsDeck is running: open http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        child.stdout?.off('data', onData);
        child.stdout?.resume(); // keep draining so the child never blocks on a full pipe
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => reject(new Error(`opsdeck serve (${role}) exited with ${code}: ${err}`)));
  });
  return {
    role,
    pid: child.pid as number,
    url,
    child,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A fresh, empty database on the PostgreSQL server of TEST_DATABASE_URL; `drop` removes it. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `opsdeck_scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`).finally(() => a.end());
    },
  };
}
