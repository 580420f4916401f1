import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECRET_MARKER } from '../rest/secrets.js';
import { runSandboxed } from '../sandbox/run.js';

/**
 * The one way OpsDeck runs git (gitops and exec actions, exec checks' checkouts, git scrapers).
 * git itself runs in the sandbox (the sandbox user, its own PID namespace, a deadline), with no
 * system or user configuration, and with configuration that a repository cannot override:
 * hooks off (`core.hooksPath=/dev/null`), no fsmonitor, no attributes file and no filter drivers
 * (none is defined: repository-local `.git/config` is never written by OpsDeck), only the
 * transports that run no command (`ext::` and `fd::` never).
 *
 * Credentials never go into a URL (so never into the clone's `.git/config`) nor into process
 * arguments (so never into `ps`): they reach git as an `Authorization` header through
 * GIT_CONFIG_COUNT environment variables, scoped to the remote's origin with redirects off, so
 * git sends them to that host only. git runs in its own sandboxed step, so a user script never
 * sees that environment. git's messages are masked before anyone reads them.
 */

export interface GitCredentials {
  username?: string;
  password?: string;
}

/** Where a repository is, and as whom. */
export interface GitRemote {
  url: string;
  credentials?: GitCredentials;
}

/** Who runs git and for how long: the sandbox user, the run's deadline and abort signal. */
export interface GitSession {
  user: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** HOME and TMPDIR of git (a directory from withSandboxDir); a fresh one per command when unset. */
  scratch?: string;
}

/** A local repository: `file://` or an absolute path. */
export const isLocalUrl = (url: string) => url.startsWith('/') || url.startsWith('file://');

/** The local path of a `file://` URL or absolute path. */
export const localPath = (url: string) => (url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url);

const SCP_LIKE = /^[^/@:]+@[^/:]+:/; // git@github.com:org/repo.git

/** Refuses transports that run commands (`ext::`, `fd::`) and schemes git should not be handed. */
export function checkGitUrl(url: string): void {
  if (isLocalUrl(url) || SCP_LIKE.test(url)) return;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || !['https', 'http', 'ssh', 'git'].includes(scheme)) {
    throw new Error(`git url ${redactUrl(url)}: only https, http, ssh, git and file URLs are allowed`);
  }
}

/** The URL without user or password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

/**
 * A remote whose URL carries `user:password@`: the URL without them, the credentials beside it
 * (explicit credentials win), so that they never reach the clone's configuration.
 */
export function splitCredentials(remote: GitRemote): GitRemote {
  let u: URL;
  try {
    u = new URL(remote.url);
  } catch {
    return remote;
  }
  if (!u.username && !u.password) return remote;
  const username = remote.credentials?.username ?? (decodeURIComponent(u.username) || undefined);
  const password = remote.credentials?.password ?? (decodeURIComponent(u.password) || undefined);
  return {
    url: redactUrl(remote.url),
    credentials: { ...(username ? { username } : {}), ...(password ? { password } : {}) },
  };
}

/** The origin (scheme, host, port) of an http(s) URL; undefined for other transports. */
export function httpOrigin(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Throws unless `url` is on the host of `connectionUrl`: a stored connection's credentials go
 * only to that connection's own server, whatever URL a spec names beside it.
 */
export function requireConnectionHost(url: string, connectionUrl: string | undefined, name: string): void {
  const host = (s: string) => {
    try {
      return new URL(s).host.toLowerCase();
    } catch {
      return SCP_LIKE.exec(s)?.[0].split('@')[1]?.replace(/:$/, '').toLowerCase();
    }
  };
  const want = connectionUrl ? host(connectionUrl) : undefined;
  if (!want || host(url) !== want) {
    throw new Error(
      `the credentials of connection ${name} are sent only to its own host (${want ?? 'it has no url'}), not to ${redactUrl(url)}`,
    );
  }
}

/** `-c`-equivalent settings that hold for every command, whatever the repository says. */
const SAFE_CONFIG: ReadonlyArray<readonly [string, string]> = [
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false'],
  ['core.attributesFile', '/dev/null'],
  ['submodule.recurse', 'false'],
  ['protocol.allow', 'never'],
  ['protocol.https.allow', 'always'],
  ['protocol.http.allow', 'always'],
  ['protocol.ssh.allow', 'always'],
  ['protocol.git.allow', 'always'],
  ['protocol.file.allow', 'always'],
  // local repositories belong to other users than the sandbox user
  ['safe.directory', '*'],
];

let globalConfig: string | undefined;

/**
 * A global config file with `safe.directory = *`: git drops GIT_CONFIG_* variables when it starts
 * `upload-pack` for a local clone, which then refuses a repository of another user. The file is in
 * a directory of the server's own (made once), so the sandbox user cannot change it.
 */
function safeGlobalConfig(): string {
  if (globalConfig && existsSync(globalConfig)) return globalConfig;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-git-config-'));
  chmodSync(dir, 0o755); // readable by the sandbox user, writable by the server only
  const file = path.join(dir, 'gitconfig');
  writeFileSync(file, '[safe]\n\tdirectory = *\n', { mode: 0o644 });
  globalConfig = file;
  return file;
}

function basicAuth(c: GitCredentials): string {
  return Buffer.from(`${c.username ?? ''}:${c.password ?? ''}`).toString('base64');
}

/** The environment of one git command: no prompts, no system or user config, the settings above. */
function gitEnv(remote: GitRemote | undefined): Record<string, string> {
  const config: Array<readonly [string, string]> = [...SAFE_CONFIG];
  const creds = remote?.credentials;
  const origin = remote && httpOrigin(remote.url);
  if (creds && (creds.username || creds.password)) {
    if (!origin) throw new Error(`git: credentials are sent over http(s) only, not to ${redactUrl(remote.url)}`);
    // scoped to the remote's origin, and a redirect elsewhere is refused rather than followed
    config.push([`http.${origin}/.extraHeader`, `Authorization: Basic ${basicAuth(creds)}`]);
    config.push(['http.followRedirects', 'false']);
  }
  const env: Record<string, string> = {
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: safeGlobalConfig(),
    GIT_ATTR_NOSYSTEM: '1',
    GIT_LFS_SKIP_SMUDGE: '1',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new',
    GIT_CONFIG_COUNT: String(config.length),
  };
  for (const [i, [k, v]] of config.entries()) {
    env[`GIT_CONFIG_KEY_${i}`] = k;
    env[`GIT_CONFIG_VALUE_${i}`] = v;
  }
  return env;
}

/** `text` with every secret of `remote` (as given, URL-encoded, as the basic-auth value) masked. */
export function maskGitText(text: string, remote: GitRemote | undefined): string {
  const c = remote?.credentials;
  if (!c) return text;
  let out = text;
  const secrets = [
    c.password,
    c.password && encodeURIComponent(c.password),
    (c.username || c.password) && basicAuth(c),
  ];
  for (const s of secrets) if (s && s.length >= 3) out = out.split(s).join(SECRET_MARKER);
  return out;
}

/** A failed git command; its message is masked and names the subcommand. */
export class GitError extends Error {}

/** The subcommand of an argument list (`clone`, `push`...), for messages. */
function subcommand(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-c' || a === '-C') i++;
    else if (!a.startsWith('-')) return a;
  }
  return 'git';
}

export interface GitOptions {
  /** The remote this command talks to: its credentials go to its host only. */
  remote?: GitRemote;
  /** Bytes on git's stdin (`hash-object --stdin`). */
  input?: string | Buffer;
  maxOutputBytes?: number;
}

/** Runs `git args` in `cwd` in the sandbox; answers stdout, throws GitError with git's masked message. */
export async function runGit(
  session: GitSession,
  cwd: string,
  args: readonly string[],
  opts: GitOptions = {},
): Promise<string> {
  const r = await runSandboxed({
    user: session.user,
    command: ['git', ...args],
    cwd,
    ...(session.scratch ? { scratch: session.scratch } : {}),
    env: gitEnv(opts.remote),
    timeoutMs: session.timeoutMs,
    ...(session.signal ? { signal: session.signal } : {}),
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    ...(opts.maxOutputBytes ? { maxOutputBytes: opts.maxOutputBytes } : {}),
  });
  const sub = subcommand(args);
  if (r.timedOut) throw new GitError(`git ${sub}: timed out after ${session.timeoutMs}ms`);
  if (r.exitCode !== 0) {
    const lines = (r.stderr || r.stdout).trim().split('\n').filter(Boolean);
    const errors = lines.filter((l) => /^(fatal|error):/.test(l));
    const text = (errors.length ? errors : lines).slice(-3).join('; ');
    throw new GitError(`git ${sub}: ${maskGitText(text, opts.remote) || `exit code ${r.exitCode}`}`);
  }
  return r.stdout;
}

export interface CloneOptions {
  /** Branch or tag; the remote's default branch when unset. */
  ref?: string;
  /** A shallow clone of this many commits. */
  depth?: number;
  /** No working tree files: the commit is read and written through git's object store only. */
  noCheckout?: boolean;
}

/** Clones `remote` into `dest` (relative to `cwd`, which the sandbox user may write). */
export async function cloneRepo(
  session: GitSession,
  cwd: string,
  remote: GitRemote,
  dest: string,
  opts: CloneOptions = {},
): Promise<void> {
  const plain = splitCredentials(remote);
  checkGitUrl(plain.url);
  const args = ['clone', '--quiet', '--no-recurse-submodules'];
  if (opts.depth) args.push('--depth', String(opts.depth), '--no-tags');
  if (opts.ref) args.push('--branch', opts.ref);
  if (opts.noCheckout) args.push('--no-checkout');
  // a local path as a file:// URL, so that a shallow clone is shallow there too
  const url = plain.url.startsWith('/') ? `file://${plain.url}` : plain.url;
  await runGit(session, cwd, [...args, '--', url, dest], { remote: plain });
}
