import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  checkGitUrl,
  cloneRepo,
  type GitRemote,
  type GitSession,
  isLocalUrl,
  localPath,
  runGit,
} from '../../../integrations/git.js';
import { allowedPath, type FileAccess } from '../../../sandbox/fileRoots.js';
import { sandboxIdentity } from '../../../sandbox/user.js';

/**
 * Git checkouts for scrapers, through the one git helper (integrations/git.ts: git runs in the
 * sandbox as the sandbox user, credentials as a header for the repository's host, never stored in
 * the clone): `file` scrapers with a git `url` read a shallow clone kept in a cache (fetched again
 * on each scrape), `exec` scrapers run their script in a fresh one. A repository on the server's
 * own disk (file:// or a path) is read only under the file roots, like any other server file, and
 * must be readable by the sandbox user.
 */

export interface GitSource {
  url: string;
  /** Branch or tag; the remote's default branch when unset. */
  ref?: string;
  username?: string;
  password?: string;
}

export interface GitContext {
  /** The sandbox user git runs as. */
  user: string;
  signal: AbortSignal;
  timeoutMs: number;
  fileRoots: FileAccess;
}

/** Splits a reference-style URL: `git::` prefix and `?ref=` query (go-getter), scheme-less hosts as https. */
export function parseGitUrl(raw: string): { url: string; ref?: string } {
  let url = raw.trim().replace(/^git::/, '');
  let ref: string | undefined;
  const q = url.indexOf('?');
  if (q >= 0 && !url.startsWith('/')) {
    const params = new URLSearchParams(url.slice(q + 1));
    ref = params.get('ref') ?? undefined;
    url = url.slice(0, q);
  }
  const transport = /^[a-z][a-z0-9+.-]*::/i.test(url); // ext::, fd::: refused by checkGitUrl
  if (!transport && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('/') && !/^[^/@]+@[^/:]+:/.test(url)) {
    url = `https://${url}`;
  }
  return { url, ref };
}

/** Refuses transports that run commands, and local repositories outside the file roots. */
async function checkUrl(url: string, access: FileAccess): Promise<void> {
  if (isLocalUrl(url)) await allowedPath(localPath(url), access);
  else checkGitUrl(url);
}

const remoteOf = (src: GitSource): GitRemote => ({
  url: src.url,
  credentials: {
    ...(src.username ? { username: src.username } : {}),
    ...(src.password ? { password: src.password } : {}),
  },
});

const session = (ctx: GitContext): GitSession => ({ user: ctx.user, timeoutMs: ctx.timeoutMs, signal: ctx.signal });

/** A fresh shallow clone of `src` into `dest` (which must not exist; its parent the sandbox user may write). */
export async function cloneSource(src: GitSource, dest: string, ctx: GitContext): Promise<void> {
  await checkUrl(src.url, ctx.fileRoots);
  await cloneRepo(session(ctx), path.dirname(dest), remoteOf(src), path.basename(dest), {
    depth: 1,
    ...(src.ref ? { ref: src.ref } : {}),
  });
}

const cacheRoot = () => path.join(os.tmpdir(), 'opsdeck-scrape-git');
/** Updates in progress per cache directory, so two scrapes of one repository never race on it; emptied as each ends. */
const updating = new Map<string, Promise<string>>();

/** The cache directory, owned by the sandbox user (git writes there as that user). */
async function makeCacheRoot(user: string): Promise<void> {
  await mkdir(cacheRoot(), { recursive: true, mode: 0o700 });
  const id = sandboxIdentity(user);
  if (id) await chown(cacheRoot(), id.uid, id.gid);
}

/** Whether git, as the sandbox user, can update `dir` (a cache entry made by an older server may be root's). */
async function ownedBySandbox(dir: string, user: string): Promise<boolean> {
  const id = sandboxIdentity(user);
  return !id || (await stat(dir)).uid === id.uid;
}

/**
 * The working tree of `src` in the checkout cache, fetched again now: the directory name is a
 * hash of URL and ref, so each repository and branch has its own. A failed update leaves no
 * half-written clone behind (the next scrape clones afresh).
 */
export function cachedCheckout(src: GitSource, ctx: GitContext): Promise<string> {
  const key = createHash('sha256')
    .update(`${src.url}#${src.ref ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  const dir = path.join(cacheRoot(), key);
  const pending = updating.get(dir);
  if (pending) return pending;
  const work = (async () => {
    await makeCacheRoot(ctx.user);
    try {
      if (existsSync(path.join(dir, '.git')) && (await ownedBySandbox(dir, ctx.user))) {
        await checkUrl(src.url, ctx.fileRoots);
        const s = session(ctx);
        await runGit(s, dir, ['fetch', '--quiet', '--depth', '1', 'origin', src.ref ?? 'HEAD'], {
          remote: remoteOf(src),
        });
        await runGit(s, dir, ['reset', '--quiet', '--hard', 'FETCH_HEAD']);
        await runGit(s, dir, ['clean', '-qfdx']);
      } else {
        await rm(dir, { recursive: true, force: true });
        await cloneSource(src, dir, ctx);
      }
    } catch (err) {
      await rm(dir, { recursive: true, force: true }).catch(() => {});
      throw err;
    }
    return dir;
  })().finally(() => updating.delete(dir));
  updating.set(dir, work);
  return work;
}
