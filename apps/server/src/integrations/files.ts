import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { allowedPath, type FileAccess, realDataDir } from '../sandbox/fileRoots.js';

/** One file a folder check saw. */
export interface FileEntry {
  name: string;
  path: string;
  size: number;
  mode: string;
  modified: Date;
}

const GLOB = /[*?[]/;

/** A glob (`*`, `?`, `**` for any depth) as an anchored regular expression over slash-separated paths. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Where a listing starts: the directory before the first glob, and the pattern after it. */
function splitGlob(root: string): { base: string; pattern?: RegExp; recursive: boolean } {
  if (!GLOB.test(root)) return { base: root, recursive: false };
  const parts = root.split('/');
  const firstGlob = parts.findIndex((p) => GLOB.test(p));
  const rest = parts.slice(firstGlob).join('/');
  const base = parts.slice(0, firstGlob).join('/') || '/';
  return { base, pattern: globToRegExp(rest), recursive: rest.includes('/') || rest.includes('**') };
}

/**
 * Lists the regular files under `root` (a directory, or a glob such as `/data/**\/*.log`):
 * only the top level unless `recursive` (a glob with `**` is always recursive). The directory
 * must lie under an allowed root (sandbox/fileRoots.ts: FileAccessError otherwise); symlinks are
 * listed, never followed, and the data directory is skipped. Throws ENOENT-style errors when the
 * directory does not exist. Paths are reported as `root` names them.
 */
export async function listFiles(root: string, recursive: boolean, access: FileAccess): Promise<FileEntry[]> {
  const glob = splitGlob(root);
  const { base, pattern } = glob;
  recursive = recursive || glob.recursive;
  const real = await allowedPath(base, access);
  const skip = await realDataDir(access);
  const out: FileEntry[] = [];
  async function walk(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (recursive && full !== skip) await walk(full);
        continue;
      }
      const rel = path.relative(real, full);
      if (pattern && !pattern.test(rel)) continue;
      const st = await lstat(full).catch(() => undefined);
      if (!st) continue; // removed while listing
      out.push({
        name: e.name,
        path: path.join(base, rel),
        size: st.size,
        mode: `0${(st.mode & 0o777).toString(8)}`,
        modified: st.mtime,
      });
    }
  }
  await walk(real);
  return out;
}
