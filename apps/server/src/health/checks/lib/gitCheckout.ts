import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GitCheckout } from '@opsdeck/schema';
import { runSandboxed } from '../../../sandbox/run.js';
import type { CheckContext } from '../types.js';

/**
 * An exec check's `checkout`: a shallow `git clone` of the repository into the run's scratch
 * directory, run through the sandbox like the script (sandbox user, scrubbed environment, the
 * check's deadline). `username`/`password` go into an http(s) URL's credentials; they never
 * appear in the message, which names the URL without them.
 */

/** The URL git is given, with the resolved credentials in it for http(s). */
function cloneUrl(url: string, username?: string, password?: string): string {
  if (!username && !password) return url;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`checkout: username and password need an http(s) URL, not ${url}`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    throw new Error(`checkout: username and password need an http(s) URL, not ${u.protocol}`);
  }
  if (username) u.username = username;
  if (password) u.password = password;
  return u.toString();
}

/** `text` with every secret replaced by ********. */
function scrub(text: string, secrets: Array<string | undefined>): string {
  let out = text;
  for (const s of secrets) {
    if (!s) continue;
    out = out.split(s).join('********').split(encodeURIComponent(s)).join('********');
  }
  return out;
}

/**
 * The clone's own global git config: a local repository may belong to another user than the
 * sandbox user, which git refuses as "dubious ownership" unless trusted; trusted for this clone only.
 */
async function cloneConfig(workDir: string): Promise<string> {
  const file = path.join(workDir, '.opsdeck-gitconfig');
  await writeFile(file, '[safe]\n\tdirectory = *\n', { mode: 0o644 });
  return file;
}

/** Clones `spec.url` under `workDir` and answers the clone's directory; throws with git's reason. */
export async function checkout(spec: GitCheckout, workDir: string, ctx: CheckContext): Promise<string> {
  const username = spec.username ? await ctx.resolveEnv(spec.username) : undefined;
  const password = spec.password ? await ctx.resolveEnv(spec.password) : undefined;
  const dest = path.join(workDir, spec.destination ?? 'checkout');
  // a local path as a file:// URL, so the clone is shallow like a remote one
  const url = spec.url.startsWith('/') ? `file://${spec.url}` : spec.url;
  const args = ['clone', '--quiet', '--depth', '1', '--no-tags'];
  if (spec.branch) args.push('--branch', spec.branch);
  const r = await runSandboxed({
    user: ctx.sandbox.user,
    command: ['git', ...args, '--', cloneUrl(url, username, password), dest],
    scratch: workDir,
    env: { GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_GLOBAL: await cloneConfig(workDir) },
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
    maxOutputBytes: 16 * 1024,
  });
  if (r.timedOut) throw new Error(`checkout of ${spec.url}: timed out after ${ctx.timeoutMs}ms`);
  if (r.exitCode !== 0) {
    const why =
      scrub(r.stderr.trim(), [password, username && password ? undefined : username]) || `git exit code ${r.exitCode}`;
    throw new Error(`checkout of ${spec.url} failed: ${why}`);
  }
  return dest;
}
