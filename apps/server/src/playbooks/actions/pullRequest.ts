/**
 * Opens a pull request (GitHub) or merge request (GitLab) through the forge's REST API, with the
 * repository's token, once a gitops action pushed its branch.
 */

export type Forge = 'github' | 'gitlab';

export interface PullRequestSpec {
  title: string;
  tags?: string[];
  body?: string;
}

export interface OpenedPullRequest {
  forge: Forge;
  number: number;
  url: string;
}

interface Where {
  forge: Forge;
  /** The REST API root: https://api.github.com, https://host/api/v3 (Enterprise), https://host/api/v4. */
  api: string;
  /** `owner/name` (GitLab: the project's full path, groups included). */
  project: string;
}

/** The forge of a repository: `type`, else the connection's type, else the URL's host. */
export function forgeOf(url: string, type?: string, connectionType?: string): Forge {
  for (const t of [type, connectionType]) if (t === 'github' || t === 'gitlab') return t;
  const host = safeUrl(url)?.hostname ?? '';
  if (host === 'github.com' || host.endsWith('.github.com')) return 'github';
  if (host.includes('gitlab')) return 'gitlab';
  throw new Error(`cannot tell which forge hosts ${redact(url)}: set repo.type to github or gitlab`);
}

function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The URL without credentials, for messages. */
function redact(url: string): string {
  const u = safeUrl(url);
  if (!u) return url;
  u.username = '';
  u.password = '';
  return u.toString();
}

/** Where the forge's API is, from the repository's http(s) URL. */
export function apiOf(url: string, forge: Forge): Where {
  const u = safeUrl(url);
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:'))
    throw new Error(`a pull request needs an http(s) repository URL, not ${redact(url)}`);
  const project = decodeURIComponent(u.pathname)
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.git$/, '');
  if (!project.includes('/')) throw new Error(`${redact(url)} names no owner/repository`);
  const api =
    forge === 'gitlab'
      ? `${u.origin}/api/v4`
      : u.hostname === 'github.com'
        ? 'https://api.github.com'
        : `${u.origin}/api/v3`;
  return { forge, api, project };
}

/** The forge's own message of a failed call (GitHub: message and errors; GitLab: message or error). */
async function failure(res: Response, what: string): Promise<Error> {
  const text = await res.text().catch(() => '');
  let detail = text.slice(0, 500);
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; errors?: Array<{ message?: string }> };
    const parts = [body.message, body.error, ...(body.errors ?? []).map((e) => e.message)].filter(Boolean);
    if (parts.length) detail = parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(': ');
  } catch {
    // not JSON: the text as it came
  }
  return new Error(`${what}: HTTP ${res.status}${detail ? ` ${detail}` : ''}`);
}

async function call(url: string, headers: Record<string, string>, body: unknown, signal: AbortSignal) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'OpsDeck', ...headers },
    body: JSON.stringify(body),
    signal,
    redirect: 'error',
  });
}

async function github(w: Where, token: string, head: string, base: string, pr: PullRequestSpec, signal: AbortSignal) {
  const headers = {
    authorization: `Bearer ${token}`,
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
  };
  const repo = w.project.split('/').map(encodeURIComponent).join('/');
  const res = await call(
    `${w.api}/repos/${repo}/pulls`,
    headers,
    { title: pr.title, head, base, ...(pr.body ? { body: pr.body } : {}) },
    signal,
  );
  if (res.status !== 201) throw await failure(res, 'creating the pull request');
  const created = (await res.json()) as { number: number; html_url: string };
  // pull requests take labels through the issues API
  if (pr.tags?.length) {
    const labelled = await call(
      `${w.api}/repos/${repo}/issues/${created.number}/labels`,
      headers,
      { labels: pr.tags },
      signal,
    );
    if (!labelled.ok) throw await failure(labelled, `labelling pull request #${created.number}`);
  }
  return { forge: 'github' as const, number: created.number, url: created.html_url };
}

async function gitlab(w: Where, token: string, head: string, base: string, pr: PullRequestSpec, signal: AbortSignal) {
  const res = await call(
    `${w.api}/projects/${encodeURIComponent(w.project)}/merge_requests`,
    { 'private-token': token },
    {
      source_branch: head,
      target_branch: base,
      title: pr.title,
      ...(pr.body ? { description: pr.body } : {}),
      ...(pr.tags?.length ? { labels: pr.tags.join(',') } : {}),
    },
    signal,
  );
  if (res.status !== 201) throw await failure(res, 'creating the merge request');
  const created = (await res.json()) as { iid: number; web_url: string };
  return { forge: 'gitlab' as const, number: created.iid, url: created.web_url };
}

/** Opens the pull request of `head` into `base` on the forge of `repoUrl`. */
export async function openPullRequest(opts: {
  repoUrl: string;
  forge: Forge;
  token: string | undefined;
  head: string;
  base: string;
  pr: PullRequestSpec;
  signal: AbortSignal;
}): Promise<OpenedPullRequest> {
  if (!opts.token) throw new Error('a pull request needs a token: the connection password or repo.password');
  const w = apiOf(opts.repoUrl, opts.forge);
  const open = opts.forge === 'github' ? github : gitlab;
  return open(w, opts.token, opts.head, opts.base, opts.pr, opts.signal);
}
