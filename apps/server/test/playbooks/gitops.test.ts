import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type ForgeRequest, standInForge } from './forge.js';
import { run, seedPlaybook, status, worker } from './helpers.js';

const TOKEN = 'forge-token-123';
let server: TestServer;
let root: string;
let forge: Awaited<ReturnType<typeof standInForge>>;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], { cwd, encoding: 'utf8' }).trim();

/** A bare repository `<owner>/<name>.git` under `root` holding `files` on main. */
function bareRepo(project: string, files: Record<string, string>): string {
  const bare = path.join(root, `${project}.git`);
  const seed = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-seed-'));
  mkdirSync(path.dirname(bare), { recursive: true });
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
  execFileSync('git', ['init', '-q', '-b', 'main', seed]);
  for (const [f, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(seed, f)), { recursive: true });
    writeFileSync(path.join(seed, f), content);
  }
  git(seed, 'add', '.');
  git(seed, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'init');
  git(seed, 'push', '-q', bare, 'main');
  // file:// pushes run as the sandbox user, which must own the repository (git refuses others')
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'nobody', root]);
  return bare;
}

const show = (bare: string, ref: string) => git(root, '--git-dir', bare, 'show', ref);

beforeAll(async () => {
  server = await startTestServer();
  root = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-forge-'));
  forge = await standInForge(root, TOKEN);
});
afterAll(async () => {
  await forge?.close();
  await server?.close();
});

async function runOnce(spec: Record<string, unknown>, name: string, params?: Record<string, unknown>) {
  const id = await seedPlaybook(server, spec, name);
  const { run_id } = await run(server, { id, ...(params ? { params } : {}) });
  await worker(server).drain();
  return status(server, run_id);
}

const DEPLOY = `# the web tier
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web # keep this name
spec:
  replicas: 1
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
    - port: 80
`;

describe('gitops patches', () => {
  it('applies yq to every YAML document keeping comments, and jq to a JSON file', async () => {
    const bare = bareRepo('local/patches', {
      'deploy.yaml': DEPLOY,
      'config.json': '{"features": {"beta": false}, "tags": ["a"]}\n',
    });
    const s = await runOnce(
      {
        parameters: [{ name: 'replicas', type: 'text' }],
        actions: [
          {
            name: 'patch',
            gitops: {
              repo: { url: `file://${bare}`, branch: 'scale' },
              commit: { message: 'scale' },
              patches: [
                {
                  path: 'deploy.yaml',
                  yq: 'select(.kind == "Deployment") |= (.spec.replicas = {{.params.replicas}} | .metadata.labels.team = "ops")',
                },
                { path: 'config.json', jq: '.features.beta = true | .tags += ["b"] | del(.missing)' },
              ],
            },
          },
        ],
      },
      'patches',
      { replicas: '3' },
    );
    expect(s.actions[0]).toMatchObject({ status: 'completed', result: { files: ['deploy.yaml', 'config.json'] } });
    expect(show(bare, 'scale:deploy.yaml')).toBe(
      `${DEPLOY.replace('replicas: 1', 'replicas: 3').replace('name: web # keep this name', 'name: web # keep this name\n  labels:\n    team: ops')}`.trim(),
    );
    expect(JSON.parse(show(bare, 'scale:config.json'))).toEqual({ features: { beta: true }, tags: ['a', 'b'] });
  });

  it('fails the action with jq’s message and the patch that made it, pushing nothing', async () => {
    const bare = bareRepo('local/broken', { 'a.json': '{"n": 1}' });
    const spec = (expr: string, file = 'a.json') => ({
      actions: [
        {
          name: 'p',
          gitops: {
            repo: { url: `file://${bare}`, branch: 'x' },
            commit: { message: 'm' },
            patches: [{ path: file, jq: expr }],
          },
        },
      ],
    });
    const syntax = await runOnce(spec('.n |||'), 'jq-syntax');
    expect(syntax.actions[0]?.status).toBe('failed');
    expect(syntax.actions[0]?.error).toMatch(/^patches\[0\] a\.json: jq: error: syntax error/);
    const runtime = await runOnce(spec('.n.x'), 'jq-runtime');
    expect(runtime.actions[0]?.error).toBe('patches[0] a.json: jq: Cannot index number with string "x"');
    const many = await runOnce(spec('.n, .n'), 'jq-many');
    expect(many.actions[0]?.error).toContain('answered 2 values for the file');
    const missing = await runOnce(spec('.', 'nope.json'), 'jq-missing');
    expect(missing.actions[0]?.error).toBe('patches[0] nope.json: no such file in the repository');
    expect(() => git(root, '--git-dir', bare, 'rev-parse', '--verify', '-q', 'refs/heads/x')).toThrow();
  });

  it('stops a runaway expression at the action timeout', async () => {
    const bare = bareRepo('local/slow', { 'a.json': '{}' });
    const s = await runOnce(
      {
        actions: [
          {
            name: 'p',
            timeout: '2s',
            gitops: {
              repo: { url: `file://${bare}`, branch: 'x' },
              commit: { message: 'm' },
              patches: [{ path: 'a.json', jq: 'last(range(1e12))' }],
            },
          },
        ],
      },
      'jq-slow',
    );
    expect(s.actions[0]?.status).toBe('failed');
    expect(s.actions[0]?.error).toMatch(/timed out|timeout/i);
  });
});

const authOf = (r: ForgeRequest | undefined) => r?.headers.authorization ?? r?.headers['private-token'];

describe('gitops pull requests', () => {
  it('pushes over HTTP and opens a GitHub pull request with labels through a github connection', async () => {
    const bare = bareRepo('acme/deploy', { 'deploy.yaml': DEPLOY });
    const conn = await server.fetch('/api/db/connections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'gh',
        namespace: 'ops',
        type: 'github',
        url: `${forge.url}/acme/deploy.git`,
        password: TOKEN,
      }),
    });
    expect(conn.status).toBe(201);
    const before = forge.requests.length;
    const s = await runOnce(
      {
        actions: [
          {
            name: 'pr',
            gitops: {
              repo: { connection: 'connection://ops/gh', base: 'main', branch: 'scale-2' },
              commit: { message: 'Scale web', author: 'Alice', email: 'alice@example.com' },
              pr: { title: 'Scale web to 2', tags: ['low', 'gitops'], body: 'Opened by OpsDeck' },
              patches: [{ path: 'deploy.yaml', yq: 'select(.kind == "Deployment").spec.replicas |= 2' }],
            },
          },
        ],
      },
      'github-pr',
    );
    expect(s.actions[0]?.error).toBeNull();
    const url = `${forge.url}/acme/deploy/pull/1`;
    expect(s.actions[0]).toMatchObject({
      status: 'completed',
      result: { branch: 'scale-2', pull_request: { forge: 'github', number: 1, url } },
    });
    expect(s.actions[0]?.result.stdout).toContain(`opened ${url}`);
    expect(show(bare, 'scale-2:deploy.yaml')).toContain('replicas: 2');
    const [create, label, ...rest] = forge.requests.slice(before);
    expect(rest).toEqual([]);
    expect(create).toMatchObject({ method: 'POST', path: '/api/v3/repos/acme/deploy/pulls' });
    expect(authOf(create)).toBe(`Bearer ${TOKEN}`);
    expect(create?.headers.accept).toBe('application/vnd.github+json');
    expect(JSON.parse(create?.body ?? '')).toEqual({
      title: 'Scale web to 2',
      head: 'scale-2',
      base: 'main',
      body: 'Opened by OpsDeck',
    });
    expect(label).toMatchObject({ method: 'POST', path: '/api/v3/repos/acme/deploy/issues/1/labels' });
    expect(authOf(label)).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(label?.body ?? '')).toEqual({ labels: ['low', 'gitops'] });
  });

  it('opens a GitLab merge request in a nested group with its token, labels and description', async () => {
    const bare = bareRepo('infra/apps/web', { 'values.json': '{"image": "v1"}' });
    const before = forge.requests.length;
    const s = await runOnce(
      {
        parameters: [{ name: 'image', type: 'text' }],
        actions: [
          {
            name: 'mr',
            gitops: {
              repo: {
                url: `${forge.url}/infra/apps/web.git`,
                type: 'gitlab',
                branch: 'image-{{.params.image}}',
                password: { value: TOKEN },
              },
              commit: { message: 'Image {{.params.image}}' },
              pr: { title: 'Roll out {{.params.image}}', tags: ['deploy'], body: 'image {{.params.image}}' },
              patches: [{ path: 'values.json', jq: '.image = "{{.params.image}}"' }],
            },
          },
        ],
      },
      'gitlab-mr',
      { image: 'v2' },
    );
    expect(s.actions[0]).toMatchObject({
      status: 'completed',
      result: { pull_request: { forge: 'gitlab', number: 1, url: `${forge.url}/infra/apps/web/-/merge_requests/1` } },
    });
    expect(JSON.parse(show(bare, 'image-v2:values.json'))).toEqual({ image: 'v2' });
    const [create, ...rest] = forge.requests.slice(before);
    expect(rest).toEqual([]);
    expect(create).toMatchObject({ method: 'POST', path: '/api/v4/projects/infra%2Fapps%2Fweb/merge_requests' });
    expect(authOf(create)).toBe(TOKEN);
    expect(JSON.parse(create?.body ?? '')).toEqual({
      source_branch: 'image-v2',
      target_branch: 'main',
      title: 'Roll out v2',
      description: 'image v2',
      labels: 'deploy',
    });
  });

  it('fails with the forge’s message when the pull request is refused, the branch being pushed', async () => {
    const bare = bareRepo('acme/dup', { 'a.json': '{"n": 1}' });
    forge.seedPull('acme/dup', 'n2', 'main');
    const s = await runOnce(
      {
        actions: [
          {
            name: 'pr',
            gitops: {
              repo: { url: `${forge.url}/acme/dup.git`, type: 'github', branch: 'n2', password: { value: TOKEN } },
              commit: { message: 'n=2' },
              pr: { title: 'n=2' },
              patches: [{ path: 'a.json', patch: '{"n": 2}' }],
            },
          },
        ],
      },
      'dup',
    );
    expect(s.actions[0]).toMatchObject({
      status: 'failed',
      error: 'creating the pull request: HTTP 422 Validation Failed: A pull request already exists for acme:n2.',
      result: { branch: 'n2', stdout: expect.stringContaining('pushed') },
    });
    expect(JSON.parse(show(bare, 'n2:a.json'))).toEqual({ n: 2 });
  });
});

describe('gitops validation', () => {
  const save = async (gitops: Record<string, unknown>) => {
    const res = await server.fetch('/api/db/playbooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `v-${Math.random().toString(36).slice(2)}`,
        spec: { actions: [{ name: 'g', gitops }] },
      }),
    });
    return {
      status: res.status,
      message: res.status === 201 ? '' : ((await res.json()) as { message: string }).message,
    };
  };
  const base = { repo: { url: 'https://github.com/acme/deploy', branch: 'b' }, commit: { message: 'm' } };

  it('accepts yq, jq and merge patches and a pull request', async () => {
    const ok = await save({
      ...base,
      pr: { title: 'T', tags: ['low'] },
      patches: [
        { path: 'a.yaml', yq: 'select(.kind == "Deployment") |= .spec.replicas = 2 | {key: .metadata.name}' },
        { path: 'b.json', jq: '.items |= map(select(.name != "x")) | with_entries(.)' },
        { path: 'c.yaml', patch: 'replicas: 2' },
      ],
    });
    expect(ok).toEqual({ status: 201, message: '' });
  });

  it('refuses what is not supported, naming the field and the reason', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { ...base, patches: [{ path: 'a.yaml', yq: '.a = load("other.yaml")' }] },
        'patches[0].yq: yq load is not supported',
      ],
      [{ ...base, patches: [{ path: 'a.yaml', yq: '. head_comment = "x"' }] }, 'yq head_comment is not supported'],
      [{ ...base, patches: [{ path: 'a.yaml', yq: '. *+ {"a": [1]}' }] }, 'yq merge flags (*+) are not supported'],
      [{ ...base, patches: [{ path: 'a.json', jq: '.home = env.HOME' }] }, 'patches[0].jq: jq env is not supported'],
      [{ ...base, patches: [{ path: 'a.json', jq: '"\\($ENV.HOME)"' }] }, 'jq $ENV is not supported'],
      [{ ...base, patches: [{ path: 'a.json', jq: '[inputs]' }] }, 'jq inputs is not supported'],
      [
        { ...base, patches: [{ path: 'a.json', jq: '.a', yq: '.a' }] },
        'patches[0]: set exactly one of yq, jq or patch',
      ],
      [
        { ...base, repo: { ...base.repo, type: 'bitbucket' }, files: [{ path: 'a', content: 'b' }] },
        'repo.type: type must be github or gitlab',
      ],
      [
        { ...base, repo: { url: 'https://github.com/a/b' }, pr: { title: 'T' }, files: [{ path: 'a', content: 'b' }] },
        'pr: a pull request needs repo.branch different from repo.base',
      ],
      [{ ...base, pr: { tags: ['x'] }, files: [{ path: 'a', content: 'b' }] }, 'pr.title: title is required'],
    ];
    for (const [gitops, message] of cases) {
      const r = await save(gitops);
      expect(r.status, message).toBe(400);
      expect(r.message, message).toContain(message);
    }
  });
});
