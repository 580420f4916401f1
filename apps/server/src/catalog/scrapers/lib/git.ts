import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { allowedPath, type FileAccess } from '../../../sandbox/fileRoots.js';

/**
 * Git checkouts for scrapers, with the git binary: `file` scrapers with a git `url` read a
 * shallow clone kept in a cache (fetched again on each scrape), `exec` scrapers run their script
 * in a fresh one. Git runs with a scrubbed environment (no prompts, no system or user config),
 * credentials go in an Authorization header for that command only (never stored in the clone),
 * and a repository on the server's own disk (file:// or a path) is read only under the file
 * roots, like any other server file.
 */

const run = promisify(execFile);

export interface GitSource {
  url: string;
  /** Branch or tag; the remote's default branch when unset. */
  ref?: string;
  username?: string;
  password?: string;
}

export interface GitContext {
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
  const transport = /^[a-z][a-z0-9+.-]*::/i.test(url); // ext::, fd::: refused by checkUrl
  if (!transport && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('/') && !/^[^/@]+@[^/:]+:/.test(url)) {
    url = `https://${url}`;
  }
  return { url, ref };
}

/** Refuses transports that run commands, and local repositories outside the file roots. */
async function checkUrl(url: string, access: FileAccess): Promise<void> {
  if (url.startsWith('/') || url.startsWith('file://')) {
    const local = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
    await allowedPath(local, access);
    return;
  }
  if (/^[^/@:]+@[^/:]+:/.test(url)) return; // scp-like ssh: git@github.com:org/repo.git
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || !['https', 'http', 'ssh', 'git'].includes(scheme)) {
    throw new Error(`git url ${url}: only https, http, ssh, git and file URLs are allowed`);
  }
}

function gitEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH || '/usr/local/bin:/usr/bin:/bin',
    HOME: os.tmpdir(),
    LANG: 'C.UTF-8',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new',
  };
}

/** `-c` options for one command: no `ext::`, credentials as a header. */
function gitOptions(src: GitSource): string[] {
  const opts = ['-c', 'protocol.ext.allow=never', '-c', 'core.hooksPath=/dev/null'];
  if (src.username || src.password) {
    const basic = Buffer.from(`${src.username ?? ''}:${src.password ?? ''}`).toString('base64');
    opts.push('-c', `http.extraHeader=Authorization: Basic ${basic}`);
  }
  return opts;
}

async function git(args: string[], cwd: string, ctx: GitContext): Promise<void> {
  try {
    await run('git', args, {
      cwd,
      env: gitEnv(),
      signal: ctx.signal,
      timeout: ctx.timeoutMs,
      maxBuffer: 4 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as { stderr?: string; message: string; name?: string };
    if (e.name === 'AbortError') throw ctx.signal.reason ?? new Error('git aborted');
    const text = (e.stderr || e.message).trim().split('\n').filter(Boolean).slice(-2).join('; ');
    // never echo the one-command options (they hold the credentials header)
    throw new Error(
      `git ${args.find((a) => a === 'clone' || a === 'fetch' || a === 'reset') ?? ''}: ${text.replace(/Authorization: Basic \S+/g, 'Authorization: ********')}`,
    );
  }
}

/** A fresh shallow clone of `src` into `dest` (which must not exist). */
export async function cloneRepo(src: GitSource, dest: string, ctx: GitContext): Promise<void> {
  await checkUrl(src.url, ctx.fileRoots);
  await mkdir(path.dirname(dest), { recursive: true });
  const branch = src.ref ? ['--branch', src.ref] : [];
  await git(
    [...gitOptions(src), 'clone', '--quiet', '--depth', '1', ...branch, '--', src.url, dest],
    path.dirname(dest),
    ctx,
  );
}

const cacheRoot = () => path.join(os.tmpdir(), 'opsdeck-scrape-git');
/** Updates in progress per cache directory, so two scrapes of one repository never race on it; emptied as each ends. */
const updating = new Map<string, Promise<string>>();

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
    await mkdir(cacheRoot(), { recursive: true, mode: 0o700 });
    try {
      if (existsSync(path.join(dir, '.git'))) {
        await checkUrl(src.url, ctx.fileRoots);
        await git([...gitOptions(src), 'fetch', '--quiet', '--depth', '1', 'origin', src.ref ?? 'HEAD'], dir, ctx);
        await git(['reset', '--quiet', '--hard', 'FETCH_HEAD'], dir, ctx);
        await git(['clean', '-qfdx'], dir, ctx);
      } else {
        await rm(dir, { recursive: true, force: true });
        await cloneRepo(src, dir, ctx);
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
