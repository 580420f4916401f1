import { createHash } from 'node:crypto';
import { chown, lstat, mkdtemp, readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sandboxIdentity } from '../../sandbox/user.js';
import type { ActionArtifact } from './types.js';

/**
 * The working directory of an exec or gitops action: owned by the sandbox user (scripts and git
 * run there as that user), removed after the action. Artifacts are read from it by the server, so
 * only regular files inside it are taken: a symlink or a path leaving it is refused.
 */

export async function makeWorkDir(user: string): Promise<string> {
  // mkdtemp makes the directory 0700 (POSIX): only its owner, the sandbox user below, enters it
  const dir = await mkdtemp(path.join(tmpdir(), 'opsdeck-playbook-'));
  const id = sandboxIdentity(user);
  if (id) await chown(dir, id.uid, id.gid);
  return dir;
}

/** Removes a work directory: one rmdir when the action left nothing in it, else the whole tree. */
export const removeWorkDir = (dir: string) =>
  rmdir(dir).catch(() => rm(dir, { recursive: true, force: true }).catch(() => {}));

/** `*` and `**` globs to a RegExp over forward-slash paths relative to the work directory. */
function globRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
      if (glob[i + 1] === '/') i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

async function listFiles(root: string, rel = '', out: string[] = [], depth = 0): Promise<string[]> {
  if (depth > 8 || out.length > 1000) return out;
  for (const e of await readdir(path.join(root, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) await listFiles(root, p, out, depth + 1);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

const TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.md': 'text/markdown',
  '.png': 'image/png',
};

/** Reads the artifacts the action's `paths` name, refusing any larger than `maxBytes`. */
export async function collectArtifacts(dir: string, paths: string[], maxBytes: number): Promise<ActionArtifact[]> {
  const out: ActionArtifact[] = [];
  const files = await listFiles(dir);
  for (const wanted of paths) {
    const rel = wanted.replace(/^\.\//, '');
    if (path.isAbsolute(rel) || rel.split('/').includes('..')) {
      throw new Error(`artifact ${wanted}: artifacts are taken from the work directory only (use a relative path)`);
    }
    const re = globRegExp(rel);
    const matched = files.filter((f) => re.test(f));
    if (!matched.length) throw new Error(`artifact ${wanted}: no such file in the work directory`);
    for (const f of matched) {
      const full = path.join(dir, f);
      const st = await lstat(full);
      if (!st.isFile()) continue; // never a symlink to a file outside
      if (st.size > maxBytes) throw new Error(`artifact ${f} is ${st.size} bytes, over the ${maxBytes}-byte limit`);
      out.push({
        path: f,
        content: await readFile(full),
        contentType: TYPES[path.extname(f).toLowerCase()] ?? 'application/octet-stream',
      });
    }
  }
  return out;
}

export const checksum = (b: Buffer) => createHash('sha256').update(b).digest('hex');
