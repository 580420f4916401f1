import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { DataDirInUseError } from '../../src/db/dataDirLock.js';
import { seedEmbeddedDataDir } from '../helpers/db.js';
import { testEngine } from '../helpers/index.js';
import { OPSDECK_BIN } from '../helpers/opsdeckBin.js';

// each server starts through tsx and opens PGlite: seconds apiece, far more on a loaded machine
const SLOW = 240_000;
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A data directory as a first start leaves it (migrated): the tests are about its lock, not migrations. */
async function tempDir(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-lock-'));
  dirs.push(dir);
  await seedEmbeddedDataDir(path.join(dir, 'data'));
  return path.join(dir, 'data');
}

interface Served {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the port once the server says it runs, or with the exit code if it exits first. */
  outcome: Promise<{ port: number } | { code: number | null }>;
  exited: Promise<number | null>;
}

function serve(dataDir: string, port = 0): Served {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    OPSDECK_DATA_DIR: dataDir,
    OPSDECK_SAMPLE_DATA: 'false',
    OPSDECK_ADMIN_PASSWORD: 'lock-test-password',
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [OPSDECK_BIN, 'serve', '--port', String(port), '--host', '127.0.0.1'], { env });
  children.push(child);
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const outcome = new Promise<{ port: number } | { code: number | null }>((resolve) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /OpsDeck is running: open http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve({ port: Number(m[1]) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => resolve({ code }));
  });
  return { child, output: () => out, outcome, exited };
}

describe.skipIf(testEngine() === 'postgres')('two servers on one embedded data directory', { timeout: SLOW }, () => {
  it('refuses the second with a clear message, exits on a taken port, and takes over a dead server’s lock', async () => {
    const data = await tempDir();
    const first = serve(data);
    const running = await first.outcome;
    expect(running, first.output()).toHaveProperty('port');
    const port = (running as { port: number }).port;
    const pid = first.child.pid as number;
    expect(readFileSync(path.join(data, 'opsdeck.lock'), 'utf8').trim()).toBe(String(pid));

    // same data directory (and the same port): refused before the database opens
    const second = serve(data, port);
    expect(await second.outcome).toEqual({ code: 1 });
    expect(second.output()).toContain(`data directory ${data} is in use by process ${pid}`);

    // another data directory on the taken port: exits, releasing its own lock
    const other = await tempDir();
    const third = serve(other, port);
    expect(await third.outcome).toEqual({ code: 1 });
    expect(third.output()).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(existsSync(path.join(other, 'opsdeck.lock'))).toBe(false);

    // the first still serves
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

    // killed without a chance to clean up: its lock is stale, and the next server takes it over
    first.child.kill('SIGKILL');
    await first.exited;
    const fourth = serve(data);
    const again = await fourth.outcome;
    expect(again, fourth.output()).toHaveProperty('port');
    expect(readFileSync(path.join(data, 'opsdeck.lock'), 'utf8').trim()).toBe(String(fourth.child.pid));
    fourth.child.kill('SIGKILL');
    await fourth.exited;
  });

  it('holds the lock while the database is open and releases it on close', async () => {
    const data = await tempDir();
    const db = await openDatabase({ dataDir: data });
    try {
      await expect(openDatabase({ dataDir: data })).rejects.toThrow(DataDirInUseError);
      await expect(openDatabase({ dataDir: data })).rejects.toThrow(`is in use by process ${process.pid}`);
    } finally {
      await db.close();
    }
    expect(existsSync(path.join(data, 'opsdeck.lock'))).toBe(false);
    const reopened = await openDatabase({ dataDir: data });
    await reopened.close();
  });
});
