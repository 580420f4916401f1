import { realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * The directories file scrapers may read. ARCHITECTURE.md section 10 wants ONE allow-list for
 * every member that reads files on the server; until the shared one (OPSDECK_FILE_ROOTS, branch
 * h-sandbox) is on main, this file is the only place the catalog asks, so pointing
 * `allowedFileRoot` at the shared function is a one-file change.
 */

export interface FileRoots {
  /** Absolute directories that may be read; empty: none. */
  fileRoots: readonly string[];
  /** OpsDeck's data directory, never readable. */
  dataDir?: string;
}

/** A path outside the allowed roots; the message names the setting that would allow it. */
export class FileRootError extends Error {}

/** The roots from `OPSDECK_FILE_ROOTS` (comma-separated absolute paths). */
export function fileRootsFromEnv(env: NodeJS.ProcessEnv = process.env, dataDir?: string): FileRoots {
  const roots = (env.OPSDECK_FILE_ROOTS ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r && path.isAbsolute(r))
    .map((r) => path.resolve(r));
  return { fileRoots: roots, ...(dataDir ? { dataDir } : {}) };
}

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

const realOr = (p: string) => realpath(p).catch(() => path.resolve(p));

/**
 * The real path of `p` (symlinks and `..` resolved) when it lies under an allowed root and
 * outside the data directory; throws FileRootError otherwise. Read what this answers, not `p`.
 */
export async function allowedFileRoot(p: string, roots: FileRoots): Promise<string> {
  if (!roots.fileRoots.length) {
    throw new FileRootError(
      `${p}: reading local files is off on this server; an administrator allows directories with OPSDECK_FILE_ROOTS (comma-separated absolute paths)`,
    );
  }
  const real = await realOr(p);
  if (roots.dataDir && inside(real, await realOr(roots.dataDir))) {
    throw new FileRootError(`${p} is in OpsDeck's data directory, which scrapers may never read`);
  }
  const allowed = await Promise.all(roots.fileRoots.map(realOr));
  if (!allowed.some((root) => inside(real, root))) {
    throw new FileRootError(
      `${p} is outside the directories this server allows (OPSDECK_FILE_ROOTS: ${roots.fileRoots.join(', ')})`,
    );
  }
  return real;
}
