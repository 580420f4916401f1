import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';

/**
 * OpsDeck's own log file (OPSDECK_LOG_FILE, default `<data dir>/logs/opsdeck.log`), written
 * besides stdout so the demo `file` log backend has real lines on day one. Rotated logrotate
 * style when it passes 10 MiB (checked at start and every minute): `opsdeck.log.1.gz` is the
 * newest copy, at most five are kept.
 */

const MAX_BYTES = 10 * 1024 * 1024;
const KEEP = 5;

/** Shifts `.N.gz` up (dropping the oldest) and gzips the live file into `.1.gz`; answers whether it rotated. */
export function rotateIfLarge(file: string, max = MAX_BYTES): boolean {
  const size = existsSync(file) ? statSync(file).size : 0;
  if (size <= max) return false;
  rmSync(`${file}.${KEEP}.gz`, { force: true });
  for (let i = KEEP - 1; i >= 1; i--)
    if (existsSync(`${file}.${i}.gz`)) renameSync(`${file}.${i}.gz`, `${file}.${i + 1}.gz`);
  const moved = `${file}.rotating`;
  renameSync(file, moved);
  writeFileSync(`${file}.1.gz`, gzipSync(readFileSync(moved)));
  rmSync(moved);
  return true;
}

/** A stream to stdout and the log file, and a `close` that stops the rotation timer and flushes. */
export function ownLogStream(file: string, level: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  rotateIfLarge(file);
  const dest = pino.destination({ dest: file, mkdir: true, sync: false });
  const timer = setInterval(() => {
    try {
      if (rotateIfLarge(file)) dest.reopen();
    } catch {
      // a failed rotation leaves the file growing; the next minute tries again
    }
  }, 60_000);
  timer.unref();
  const stream = pino.multistream([
    { level: level as pino.Level, stream: process.stdout },
    { level: level as pino.Level, stream: dest },
  ]);
  return {
    stream,
    close() {
      clearInterval(timer);
      dest.flushSync();
    },
  };
}
