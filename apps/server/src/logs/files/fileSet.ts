import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { setBounded } from '../../boundedMap.js';
import type { BackendContext } from '../types.js';
import { readableLogPath, rotatedOf } from './access.js';
import { firstTime } from './scan.js';

/** One log file to read, with what decides whether its lines can fall in a time range. */
export interface LogFile {
  path: string;
  real: string;
  size: number;
  mtime: number;
  gz: boolean;
  labels: Record<string, string>;
}

/** The files a path names: a glob's matches, or the file and its rotated siblings. */
async function expand(p: string, ctx: BackendContext): Promise<string[]> {
  if (!path.isAbsolute(p)) throw new Error(`${p}: log paths must be absolute`);
  if (isDynamicPattern(p)) {
    // the fixed head of the pattern must itself be readable before anything is walked
    const head = p.split('/').filter((_, i, parts) => !parts.slice(0, i + 1).some((s) => isDynamicPattern(s)));
    await readableLogPath(head.join('/') || '/', ctx);
    return glob(p, { absolute: true, onlyFiles: true, followSymbolicLinks: false, expandDirectories: false });
  }
  const dir = path.dirname(p);
  const match = rotatedOf(path.basename(p));
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  return names.filter((n) => match.test(n)).map((n) => path.join(dir, n));
}

/** Every file of the sources, each through the allow-list, oldest first (rotation order). */
export async function logFiles(
  sources: Array<{ path: string[]; labels?: Record<string, string> }>,
  labels: Record<string, string>,
  ctx: BackendContext,
): Promise<LogFile[]> {
  const seen = new Set<string>();
  const out: LogFile[] = [];
  for (const source of sources) {
    for (const p of source.path) {
      for (const f of await expand(p, ctx)) {
        const real = await readableLogPath(f, ctx);
        if (seen.has(real)) continue;
        const st = await stat(real).catch(() => undefined);
        if (!st?.isFile()) continue;
        seen.add(real);
        out.push({
          path: f,
          real,
          size: st.size,
          mtime: st.mtimeMs,
          gz: real.endsWith('.gz'),
          labels: { ...labels, ...source.labels, file: f },
        });
      }
    }
  }
  // by last write; equal times: app.log.2 before app.log.1 before app.log
  return out.sort((a, b) => a.mtime - b.mtime || rotationIndex(b.path) - rotationIndex(a.path));
}

const rotationIndex = (p: string) => Number(/\.(\d+)(?:\.gz)?$/.exec(p)?.[1] ?? 0);

const firstTimes = new Map<string, number | null>();

/** The first line's time of a file, cached by path, size and mtime (a rotated file never changes). */
export async function fileStart(f: LogFile): Promise<number | undefined> {
  const key = `${f.real}\0${f.size}\0${f.mtime}`;
  const cached = firstTimes.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const t = await firstTime(f.real, f.gz, new Date(f.mtime).getUTCFullYear());
  setBounded(firstTimes, key, t ?? null, 2000);
  return t;
}
