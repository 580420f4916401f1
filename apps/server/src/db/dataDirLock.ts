import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the data directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `data directory ${dataDir} is in use by process ${pid}; stop that OpsDeck first (if process ${pid} is not OpsDeck, delete ${lockFile})`,
    );
  }
}

/** A held data directory lock. */
export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = 'opsdeck.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
}

function holder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes `<dataDir>/opsdeck.lock` (created exclusively, holding our pid) before the embedded
 * database opens: two processes on one PGlite directory corrupt it or abort. A lock whose process
 * is gone (kill -9, a crash) is taken over; a live one throws DataDirInUseError.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holder(file);
      if (pid !== undefined && isAlive(pid)) throw new DataDirInUseError(dataDir, pid, file);
      // stale (its process is gone) or half-written: take it over
      try {
        unlinkSync(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      // only our own lock: never remove one another process took over
      if (holder(file) === process.pid) unlinkSync(file);
    };
    process.on('exit', release);
    return { release };
  }
  const pid = holder(file);
  throw pid !== undefined ? new DataDirInUseError(dataDir, pid, file) : new Error(`cannot lock ${file}`);
}
