import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '../../apps/server/src/db/connection.js';

/**
 * A throwaway embedded data directory for one benchmark run, created and migrated by
 * `opsdeck migrate` in a child process, as a server finds it after its first start (initdb alone
 * peaks near 1 GB of RSS, which would otherwise land in the bench's own process). `open()` opens
 * it here (close it before a server takes the directory's lock); `drop()` removes it. With
 * `down` (bench/lib/teardown.ts) the removal is registered at once, so a run interrupted while
 * migrating leaves nothing behind either.
 */
export async function scratchDataDir(down?: {
  add(step: () => unknown): void;
}): Promise<{ dir: string; open(): Promise<Db>; drop(): void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-'));
  const drop = () => rmSync(dir, { recursive: true, force: true });
  const bin = path.resolve(import.meta.dirname, '../../apps/server/bin/opsdeck.mjs');
  const child = spawn(process.execPath, [bin, 'migrate'], {
    env: { ...process.env, DATABASE_URL: '', OPSDECK_DATA_DIR: dir, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  down?.add(() => {
    child.kill();
    drop();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) {
    drop();
    throw new Error(`opsdeck migrate exited with ${code}`);
  }
  return { dir, open: () => openDatabase({ dataDir: dir }), drop };
}
