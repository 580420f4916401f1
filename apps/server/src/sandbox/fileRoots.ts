import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * The one allow-list of directories that members reading files on the server (folder and junit
 * checks, later file scrapers) go through: a path is resolved (`..` and every symlink) before it
 * is compared with the roots an admin allowed (`OPSDECK_FILE_ROOTS`), so neither can escape, and
 * OpsDeck's data directory is refused whatever the roots say.
 */

export interface FileAccess {
  fileRoots: readonly string[];
  dataDir?: string;
  /**
   * The CLI mode (`opsdeck run`/`opsdeck scrape`): the reader is the person who invoked the
   * command, so any path the operating system lets them read is allowed and the roots are not
   * consulted; the allow-list guards the server, whose check authors are not its operator.
   */
  invokingUser?: boolean;
}

/** A path the allow-list refuses; the message names the setting that would allow it. */
export class FileAccessError extends Error {}

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The real path of `p`; for a path that does not exist yet, its nearest existing ancestor's real path plus the rest. */
async function resolveReal(p: string): Promise<string> {
  let dir = path.resolve(p);
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(await realpath(dir), ...rest);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      const parent = path.dirname(dir);
      if (parent === dir) return path.resolve(p);
      rest.unshift(path.basename(dir));
      dir = parent;
    }
  }
}

const realOr = (p: string) => realpath(p).catch(() => path.resolve(p));

/**
 * Answers the real path of `p` when it lies under an allowed root and outside the data
 * directory (any path in the CLI mode); throws FileAccessError otherwise. Callers read what
 * this answers, not `p`.
 */
export async function allowedPath(p: string, access: FileAccess): Promise<string> {
  if (access.invokingUser) return resolveReal(p);
  if (!access.fileRoots.length) {
    throw new FileAccessError(
      `${p}: reading local files is off on this server; an administrator allows directories with OPSDECK_FILE_ROOTS (comma-separated absolute paths)`,
    );
  }
  const real = await resolveReal(p);
  if (access.dataDir && path.isAbsolute(access.dataDir) && inside(real, await realOr(access.dataDir))) {
    throw new FileAccessError(`${p} is in OpsDeck's data directory, which checks may never read`);
  }
  const roots = await Promise.all(access.fileRoots.map(realOr));
  if (!roots.some((root) => inside(real, root))) {
    throw new FileAccessError(
      `${p} is outside the directories this server allows (OPSDECK_FILE_ROOTS: ${access.fileRoots.join(', ')})`,
    );
  }
  return real;
}

/** The real path of the data directory, which a walk under an allowed root skips. */
export async function realDataDir(access: FileAccess): Promise<string | undefined> {
  if (access.invokingUser) return undefined;
  return access.dataDir && path.isAbsolute(access.dataDir) ? realOr(access.dataDir) : undefined;
}

/** Reads a file through the allow-list (a symlink listed under a root cannot point outside it). */
export async function readAllowedFile(p: string, access: FileAccess): Promise<string> {
  return readFile(await allowedPath(p, access), 'utf8');
}
