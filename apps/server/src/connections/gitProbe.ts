import type { ResolvedConnection } from '../integrations/connection.js';
import type { SandboxPolicy } from '../sandbox/config.js';
import { runSandboxed } from '../sandbox/run.js';

/**
 * Tests a git connection for real: `git ls-remote --heads` as the sandbox user, over http(s)
 * only. The credentials go as an Authorization header through git's environment config, never
 * in the URL or the arguments (which every local user can read), and redirects are not followed,
 * so they reach only the connection's own host. Answers how many branches it saw.
 */
export async function lsRemote(conn: ResolvedConnection, sandbox: SandboxPolicy, timeoutMs: number): Promise<string> {
  const url = new URL(conn.url ?? '');
  const username = conn.username || decodeURIComponent(url.username);
  const password = conn.password || decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const config: Array<[string, string]> = [
    ['protocol.allow', 'never'],
    ['protocol.https.allow', 'always'],
    ['protocol.http.allow', 'always'],
    ['http.followRedirects', 'false'],
    ['core.hooksPath', '/dev/null'],
  ];
  if (username || password) {
    const basic = Buffer.from(`${username}:${password}`).toString('base64');
    config.push(['http.extraHeader', `Authorization: Basic ${basic}`]);
  }
  const env: Record<string, string> = { GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' };
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([k, v], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = k;
    env[`GIT_CONFIG_VALUE_${i}`] = v;
  });
  const r = await runSandboxed({
    user: sandbox.user,
    command: ['git', 'ls-remote', '--heads', '--', url.toString()],
    env,
    timeoutMs,
  });
  if (r.timedOut) throw new Error(`git ls-remote ${url}: no answer within ${timeoutMs} ms`);
  if (r.exitCode !== 0) {
    const said = (r.stderr || r.stdout).trim().split('\n').slice(-2).join(' ');
    // git asks for a user name when the server answers 401: with prompts off that is a refusal
    if (/could not read (Username|Password)|Authentication failed/.test(said)) {
      throw new Error(`git ls-remote ${url}: the server refused the credentials`);
    }
    throw new Error(`git ls-remote ${url}: ${password ? said.replaceAll(password, '****') : said}`);
  }
  const heads = r.stdout.split('\n').filter((l) => l.trim()).length;
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
