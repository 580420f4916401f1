import { execFileSync, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A stand-in for GitHub (Enterprise layout, `/api/v3`) and GitLab (`/api/v4`) on loopback: real
 * git smart HTTP through `git http-backend` (basic auth with the token as password), and the REST
 * endpoints a gitops action calls, with the forges' status codes and JSON shapes. It records every
 * request so that tests assert the method, path, auth header and body.
 */

export interface ForgeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** git's smart HTTP protocol, served by git's own CGI program. */
function gitHttp(root: string, req: IncomingMessage, body: Buffer, res: ServerResponse, user: string): void {
  const url = new URL(req.url ?? '/', 'http://forge');
  const cgi = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: url.pathname,
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      CONTENT_LENGTH: String(body.length),
      HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      REMOTE_USER: user, // lets git-receive-pack (push) through
      REMOTE_ADDR: '127.0.0.1',
      // the repositories belong to the sandbox user, the forge runs as the test's user
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'safe.directory',
      GIT_CONFIG_VALUE_0: '*',
    },
  });
  const out: Buffer[] = [];
  cgi.stdout.on('data', (c: Buffer) => out.push(c));
  cgi.on('close', () => {
    const all = Buffer.concat(out);
    const split = all.indexOf('\r\n\r\n');
    const head = all.subarray(0, split).toString('utf8');
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.split('\r\n')) {
      const [k, ...v] = line.split(':');
      if (!k) continue;
      if (k.toLowerCase() === 'status') status = Number.parseInt(v.join(':').trim(), 10);
      else headers[k] = v.join(':').trim();
    }
    res.writeHead(status, headers);
    res.end(all.subarray(split + 4));
  });
  // git http-backend may answer and exit before reading the whole body: its answer still stands
  cgi.stdin.on('error', () => {});
  cgi.stdin.end(body);
}

interface Opened {
  number: number;
  head: string;
  base: string;
}

/** Starts the stand-in serving the bare repositories under `root` (`<owner>/<name>.git`). */
export async function standInForge(root: string, token: string) {
  const requests: ForgeRequest[] = [];
  const pulls = new Map<string, Opened[]>();
  let nextId = 1000;
  const server = createServer((req, res) => {
    void readBody(req).then((buf) => {
      const url = new URL(req.url ?? '/', 'http://forge');
      const body = buf.toString('utf8');
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (/\.git\//.test(url.pathname)) {
        const auth = String(req.headers.authorization ?? '');
        const [user, pass] = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
          .toString('utf8')
          .split(':');
        if (!auth.startsWith('Basic ') || pass !== token) {
          res.writeHead(401, { 'www-authenticate': 'Basic realm="forge"' });
          res.end();
          return;
        }
        gitHttp(root, req, buf, res, user ?? 'git');
        return;
      }
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
      const branchExists = (project: string, ref: unknown) => {
        try {
          execFileSync(
            'git',
            [
              '-c',
              'safe.directory=*',
              '--git-dir',
              path.join(root, `${project}.git`),
              'rev-parse',
              '--verify',
              `refs/heads/${ref}`,
            ],
            {
              stdio: 'ignore',
            },
          );
          return true;
        } catch {
          return false;
        }
      };
      const gh = url.pathname.match(/^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/(pulls|issues\/(\d+)\/labels)$/);
      if (gh && req.method === 'POST') {
        if (req.headers.authorization !== `Bearer ${token}`) {
          send(res, 401, {
            message: 'Bad credentials',
            documentation_url: 'https://docs.github.com/rest',
            status: '401',
          });
          return;
        }
        const project = `${gh[1]}/${gh[2]}`;
        const input = JSON.parse(body) as Record<string, unknown>;
        if (gh[4]) {
          const labels = (input.labels as string[]).map((name, i) => ({
            id: i + 1,
            name,
            color: 'ededed',
            default: false,
          }));
          send(res, 200, labels);
          return;
        }
        const list = pulls.get(project) ?? [];
        if (!input.title || !branchExists(project, input.head) || !branchExists(project, input.base)) {
          send(res, 422, {
            message: 'Validation Failed',
            errors: [{ resource: 'PullRequest', field: 'head', code: 'invalid' }],
            documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
            status: '422',
          });
          return;
        }
        if (list.some((p) => p.head === input.head && p.base === input.base)) {
          send(res, 422, {
            message: 'Validation Failed',
            errors: [
              {
                resource: 'PullRequest',
                code: 'custom',
                message: `A pull request already exists for ${gh[1]}:${input.head}.`,
              },
            ],
            documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
            status: '422',
          });
          return;
        }
        const number = list.length + 1;
        pulls.set(project, [...list, { number, head: String(input.head), base: String(input.base) }]);
        send(res, 201, {
          id: nextId++,
          number,
          state: 'open',
          title: input.title,
          body: input.body ?? null,
          url: `${base}/api/v3/repos/${project}/pulls/${number}`,
          html_url: `${base}/${project}/pull/${number}`,
          head: { ref: input.head, label: `${gh[1]}:${input.head}` },
          base: { ref: input.base, label: `${gh[1]}:${input.base}` },
          labels: [],
        });
        return;
      }
      // GitHub's workflow_dispatch: 204 with no body; 422 when the ref is not a branch of the repository
      const wf = url.pathname.match(/^\/api\/v3\/repos\/([^/]+)\/([^/]+)\/actions\/workflows\/([^/]+)\/dispatches$/);
      if (wf && req.method === 'POST') {
        if (req.headers.authorization !== `Bearer ${token}`) {
          send(res, 401, {
            message: 'Bad credentials',
            documentation_url: 'https://docs.github.com/rest',
            status: '401',
          });
          return;
        }
        const input = JSON.parse(body || '{}') as { ref?: string };
        if (!input.ref || !branchExists(`${wf[1]}/${wf[2]}`, input.ref)) {
          send(res, 422, { message: `No ref found for: ${input.ref ?? ''}`, status: '422' });
          return;
        }
        res.writeHead(204);
        res.end();
        return;
      }
      const gl = url.pathname.match(/^\/api\/v4\/projects\/([^/]+)\/merge_requests$/);
      if (gl?.[1] && req.method === 'POST') {
        if (req.headers['private-token'] !== token) {
          send(res, 401, { message: '401 Unauthorized' });
          return;
        }
        const project = decodeURIComponent(gl[1]);
        const input = JSON.parse(body) as Record<string, unknown>;
        for (const k of ['source_branch', 'target_branch', 'title']) {
          if (!input[k]) {
            send(res, 400, { error: `${k} is missing` });
            return;
          }
        }
        if (!branchExists(project, input.source_branch)) {
          send(res, 422, { message: ['Source branch does not exist'] });
          return;
        }
        const list = pulls.get(project) ?? [];
        if (list.some((p) => p.head === input.source_branch)) {
          send(res, 409, {
            message: [`Another open merge request already exists for this source branch: !${list[0]?.number}`],
          });
          return;
        }
        const iid = list.length + 1;
        pulls.set(project, [
          ...list,
          { number: iid, head: String(input.source_branch), base: String(input.target_branch) },
        ]);
        send(res, 201, {
          id: nextId++,
          iid,
          project_id: 7,
          title: input.title,
          description: input.description ?? null,
          state: 'opened',
          source_branch: input.source_branch,
          target_branch: input.target_branch,
          labels: typeof input.labels === 'string' ? input.labels.split(',') : [],
          web_url: `${base}/${project}/-/merge_requests/${iid}`,
        });
        return;
      }
      send(res, 404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** A pull request someone opened already. */
    seedPull(project: string, head: string, base: string) {
      const list = pulls.get(project) ?? [];
      pulls.set(project, [...list, { number: list.length + 1, head, base }]);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
