import { type GitRemote, type GitSession, requireConnectionHost, splitCredentials } from '../../integrations/git.js';
import type { ActionContext } from './types.js';

/** The repository of an exec `checkout` or a gitops `repo`, for the one git helper (integrations/git.ts). */

/** git as the sandbox user under the action's deadline, with `scratch` as its HOME. */
export const gitSession = (ctx: ActionContext, scratch: string): GitSession => ({
  user: ctx.sandbox.user,
  timeoutMs: ctx.timeoutMs,
  signal: ctx.signal,
  scratch,
});

export interface ActionRepo {
  remote: GitRemote;
  /** The URL without credentials. */
  plain: string;
  connectionType?: string;
}

/**
 * Where a repository is and as whom: `url` or a connection's URL, credentials from the spec or the
 * connection. A connection's own credentials go only to its own host.
 */
export async function actionRepo(
  ctx: ActionContext,
  spec: { url?: string; connection?: string; username?: unknown; password?: unknown },
): Promise<ActionRepo> {
  let url = spec.url;
  let username = spec.username ? await ctx.resolveEnv(spec.username) : undefined;
  let password = spec.password ? await ctx.resolveEnv(spec.password) : undefined;
  let connectionType: string | undefined;
  if (spec.connection) {
    const c = await ctx.resolveConnection(spec.connection);
    url ||= c.url;
    if ((!username && c.username) || (!password && c.password))
      requireConnectionHost(url ?? '', c.url, spec.connection);
    username ||= c.username;
    password ||= c.password;
    connectionType = c.type;
  }
  if (!url) throw new Error('the git connection has no url');
  const remote = splitCredentials({
    url,
    credentials: { ...(username ? { username } : {}), ...(password ? { password } : {}) },
  });
  return { remote, plain: remote.url, ...(connectionType ? { connectionType } : {}) };
}
