import type { ResolvedConnection } from '../integrations/connection.js';
import { GitError, runGit, splitCredentials } from '../integrations/git.js';
import type { SandboxPolicy } from '../sandbox/config.js';
import { withSandboxDir } from '../sandbox/run.js';

/**
 * Tests a git connection for real: `git ls-remote --heads` through the one git helper
 * (integrations/git.ts: git as the sandbox user, credentials as an Authorization header for the
 * connection's own host, never in the URL or the arguments, redirects not followed, git's
 * messages masked). http(s) URLs only (see lsRemoteApplies). Answers how many branches it saw.
 */
export async function lsRemote(conn: ResolvedConnection, sandbox: SandboxPolicy, timeoutMs: number): Promise<string> {
  const remote = splitCredentials({
    url: conn.url ?? '',
    credentials: {
      ...(conn.username ? { username: conn.username } : {}),
      ...(conn.password ? { password: conn.password } : {}),
    },
  });
  const url = new URL(remote.url);
  let out: string;
  try {
    out = await withSandboxDir(sandbox.user, (dir) =>
      runGit({ user: sandbox.user, timeoutMs, scratch: dir }, dir, ['ls-remote', '--heads', '--', url.toString()], {
        remote,
      }),
    );
  } catch (err) {
    if (!(err instanceof GitError)) throw err;
    if (/timed out after/.test(err.message)) throw new Error(`git ls-remote ${url}: no answer within ${timeoutMs} ms`);
    // git asks for a user name when the server answers 401: with prompts off that is a refusal
    if (/could not read (Username|Password)|Authentication failed/.test(err.message)) {
      throw new Error(`git ls-remote ${url}: the server refused the credentials`);
    }
    throw new Error(`git ls-remote ${url}: ${err.message.replace(/^git ls-remote: /, '')}`);
  }
  const heads = out.split('\n').filter((l) => l.trim()).length;
  return `git ls-remote ${url} answered ${heads} branch${heads === 1 ? '' : 'es'}`;
}

/** Whether lsRemote can test `conn`: a git connection with an http(s) URL. */
export function lsRemoteApplies(conn: ResolvedConnection): boolean {
  if (conn.type !== 'git' || !conn.url) return false;
  try {
    return ['http:', 'https:'].includes(new URL(conn.url).protocol);
  } catch {
    return false;
  }
}
