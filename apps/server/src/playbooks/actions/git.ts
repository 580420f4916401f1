import { runSandboxed } from '../../sandbox/run.js';
import type { ActionContext } from './types.js';

/** Git as the sandbox user (clone, commit, push), for exec checkouts and gitops actions. */

/** Adds credentials to an http(s) URL; other URLs (file://, ssh) are used as given. */
export function withCredentials(url: string, username?: string, password?: string): string {
  if (!username && !password) return url;
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return url;
    u.username = encodeURIComponent(username ?? '');
    u.password = encodeURIComponent(password ?? '');
    return u.toString();
  } catch {
    return url;
  }
}

/** Masks `secret` in git's messages. */
const mask = (text: string, secret?: string) => (secret ? text.replaceAll(secret, '****') : text);

/** Runs `git args` in `cwd`; throws with git's message on a non-zero exit. */
export async function git(ctx: ActionContext, cwd: string, args: string[], secret?: string): Promise<string> {
  const r = await runSandboxed({
    user: ctx.sandbox.user,
    command: ['git', ...args],
    cwd,
    env: { GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' },
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
  });
  if (r.timedOut) throw new Error(`git ${args[0]}: timed out`);
  if (r.exitCode !== 0) throw new Error(`git ${args[0]}: ${mask((r.stderr || r.stdout).trim(), secret)}`);
  return r.stdout;
}

/** Where a repository is and as whom: `url` or a connection's URL and credentials. */
export async function repoUrl(
  ctx: ActionContext,
  spec: { url?: string; connection?: string; username?: unknown; password?: unknown },
): Promise<{ url: string; password?: string; plain: string; username?: string; connectionType?: string }> {
  let url = spec.url;
  let username = spec.username ? await ctx.resolveEnv(spec.username) : undefined;
  let password = spec.password ? await ctx.resolveEnv(spec.password) : undefined;
  let connectionType: string | undefined;
  if (spec.connection) {
    const c = await ctx.resolveConnection(spec.connection);
    url ||= c.url;
    username ??= c.username;
    password ??= c.password;
    connectionType = c.type;
  }
  if (!url) throw new Error('the git connection has no url');
  return {
    url: withCredentials(url, username, password),
    plain: url,
    ...(password ? { password } : {}),
    ...(username ? { username } : {}),
    ...(connectionType ? { connectionType } : {}),
  };
}
