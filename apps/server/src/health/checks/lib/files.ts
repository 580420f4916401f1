import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

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

/**
 * Lists the regular files under `root` (a directory, or a glob such as `/data/**\/*.log`):
 * only the top level unless `recursive` (a glob with `**` is always recursive). Symlinks are
 * listed, never followed. Throws ENOENT-style errors when the directory does not exist.
 */
export async function listFiles(root: string, recursive: boolean): Promise<FileEntry[]> {
  let base = root;
  let pattern: RegExp | undefined;
  if (GLOB.test(root)) {
    const parts = root.split('/');
    const firstGlob = parts.findIndex((p) => GLOB.test(p));
    base = parts.slice(0, firstGlob).join('/') || '/';
    const rest = parts.slice(firstGlob).join('/');
    pattern = globToRegExp(rest);
    recursive = recursive || rest.includes('/') || rest.includes('**');
  }
  const out: FileEntry[] = [];
  async function walk(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (recursive) await walk(full);
        continue;
      }
      if (pattern && !pattern.test(path.relative(base, full))) continue;
      const st = await lstat(full).catch(() => undefined);
      if (!st) continue; // removed while listing
      out.push({
        name: e.name,
        path: full,
        size: st.size,
        mode: `0${(st.mode & 0o777).toString(8)}`,
        modified: st.mtime,
      });
    }
  }
  await walk(base);
  return out;
}
