import path from 'node:path';
import type { GitCheckout } from '@opsdeck/schema';
import { cloneRepo, redactUrl, splitCredentials } from '../../../integrations/git.js';
import type { CheckContext } from '../types.js';

/**
 * An exec check's `checkout`: a shallow clone of the repository into the run's scratch directory
 * through the one git helper (integrations/git.ts: git in the sandbox, the check's deadline,
 * credentials as a header for that host only, never in the clone's config); the message names
 * the URL without credentials.
 */

/** Clones `spec.url` under `workDir` and answers the clone's directory; throws with git's reason. */
export async function checkout(spec: GitCheckout, workDir: string, ctx: CheckContext): Promise<string> {
  const username = spec.username ? await ctx.resolveEnv(spec.username) : undefined;
  const password = spec.password ? await ctx.resolveEnv(spec.password) : undefined;
  const dest = path.join(workDir, spec.destination ?? 'checkout');
  const remote = splitCredentials({
    url: spec.url,
    credentials: { ...(username ? { username } : {}), ...(password ? { password } : {}) },
  });
  try {
    await cloneRepo(
      { user: ctx.sandbox.user, timeoutMs: ctx.timeoutMs, signal: ctx.signal, scratch: workDir },
      workDir,
      remote,
      dest,
      { depth: 1, ...(spec.branch ? { ref: spec.branch } : {}) },
    );
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    const why = (err as Error).message.replace(/^git clone: /, '');
    throw new Error(`checkout of ${redactUrl(spec.url)} failed: ${why}`);
  }
  return dest;
}
