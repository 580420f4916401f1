import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

/**
 * exec `checkout` (a local bare git repository) and `artifacts` (kept with the result, listed in
 * its detail, downloadable through GET /api/artifacts/download/:id), end to end through the API.
 */

const root = mkdtempSync(path.join(tmpdir(), 'opsdeck-exec-artifacts-'));
const bare = path.join(root, 'ops.git');
const allowed = path.join(root, 'allowed'); // OPSDECK_FILE_ROOTS: absolute artifact paths
let server: TestServer;

function git(cwd: string, ...args: string[]) {
  execFileSync('git', args, {
    cwd,
    stdio: 'pipe',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@x',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@x',
    },
  });
}

beforeAll(async () => {
  chmodSync(root, 0o755); // the sandbox user reads the repository
  const work = path.join(root, 'work');
  mkdirSync(work);
  git(work, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(work, 'check.sh'), 'echo "from main"\n');
  git(work, 'add', '.');
  git(work, 'commit', '-q', '-m', 'main');
  git(work, 'checkout', '-q', '-b', 'release');
  writeFileSync(path.join(work, 'check.sh'), 'echo "from release"\n');
  git(work, 'commit', '-q', '-am', 'release');
  git(work, 'checkout', '-q', 'main'); // the bare repository's default branch
  git(root, 'clone', '-q', '--bare', work, bare);
  execFileSync('chmod', ['-R', 'a+rX', root]);
  mkdirSync(allowed, { mode: 0o1777 });
  chmodSync(allowed, 0o1777);
  server = await startTestServer({
    config: { sandbox: { ...loadConfig({}).sandbox, fileRoots: [allowed] } },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

interface RunAnswer {
  pass: boolean;
  message: string;
  error: string | null;
  detail: { stdout?: string; artifacts?: Array<{ id?: string; path: string; size?: number; error?: string }> } | null;
}

/** Saves a canary with one exec check, runs it now, and answers the run and the stored result. */
async function runExec(name: string, check: Record<string, unknown>) {
  const res = await server.fetch('/api/db/canaries', {
    method: 'POST',
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify({ name, spec: { schedule: '@every 1h', exec: [{ name, ...check }] } }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const [canary] = await res.json();
  const [row] = await (await server.fetch(`/api/db/checks?canary_id=eq.${canary.id}&select=id`)).json();
  const run = (await (await server.fetch(`/api/canary/run/check/${row.id}`, { method: 'POST' })).json()) as RunAnswer;
  const [stored] = await (
    await server.fetch(`/api/db/check_statuses?check_id=eq.${row.id}&select=status,artifacts:details->artifacts`)
  ).json();
  return {
    run,
    stored: stored as { status: boolean; artifacts: unknown },
  };
}

describe('exec checkout', () => {
  it('clones a local bare repository and runs the script inside it, on the branch asked for', async () => {
    const main = await runExec('from-main', {
      script: 'bash check.sh && git log --oneline | wc -l',
      checkout: { url: bare },
    });
    expect(main.run.pass).toBe(true);
    expect(main.run.detail?.stdout).toBe('from main\n1');
    const release = await runExec('from-release', {
      script: 'bash check.sh',
      checkout: { url: bare, branch: 'release', destination: 'src/ops' },
    });
    expect(release.run).toMatchObject({ pass: true, message: 'from release' });
  });

  it("fails with git's reason for a repository that does not exist, without the password", async () => {
    const r = await runExec('missing-repo', {
      script: 'true',
      checkout: { url: 'http://127.0.0.1:9/nothing.git', username: { value: 'bot' }, password: { value: 's3cret-pw' } },
    });
    expect(r.run.pass).toBe(false);
    expect(r.run.error).toMatch(/^exec: checkout of http:\/\/127\.0\.0\.1:9\/nothing\.git failed: /);
    expect(r.run.error).not.toContain('s3cret-pw');
  });

  it('refuses a destination outside the scratch directory', async () => {
    const res = await server.fetch('/api/db/canaries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'escape',
        spec: { exec: [{ name: 'x', script: 'true', checkout: { url: bare, destination: '../../etc' } }] },
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(
      'spec.exec[0].checkout.destination: destination must be a relative path',
    );
  });
});

describe('exec artifacts', () => {
  it('keeps the files the script wrote and serves them for download', async () => {
    const r = await runExec('report', {
      script: [
        'mkdir -p out && echo \'{"ok":true}\' > out/result.json && echo "line" > out/run.log',
        `echo shared > ${allowed}/shared.txt`,
        'echo done',
      ].join('\n'),
      artifacts: [{ path: 'out/*' }, { path: `${allowed}/shared.txt` }, { path: 'missing.txt' }],
    });
    expect(r.run.pass).toBe(true);
    const listed = r.run.detail?.artifacts ?? [];
    expect(listed.map((a) => [a.path, a.size ?? a.error])).toEqual([
      ['out/result.json', 12],
      ['out/run.log', 5],
      [`${allowed}/shared.txt`, 7],
      ['missing.txt', 'no such file'],
    ]);
    // the stored result lists the same files
    expect(r.stored.artifacts).toEqual(listed);

    const json = await server.fetch(`/api/artifacts/download/${listed[0]?.id}`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="result.json"');
    expect(await json.text()).toBe('{"ok":true}\n');
    // a viewer reads it too; no session does not
    expect((await server.fetch(`/api/artifacts/download/${listed[1]?.id}`, { as: 'viewer' })).status).toBe(200);
    expect((await server.fetch(`/api/artifacts/download/${listed[1]?.id}`, { as: null })).status).toBe(401);
  });

  it('refuses files over the size limit, symlinks, and paths outside the allowed roots, saying why', async () => {
    const r = await runExec('limits', {
      script: [
        'head -c 1100000 /dev/zero > big.bin',
        'ln -s /etc/passwd passwd',
        'mkdir d && ln -s /etc d/etc',
        'echo small > small.txt',
        'mkdir many && for i in $(seq 1 30); do echo $i > many/$i.log; done',
      ].join('\n'),
      artifacts: [
        { path: 'big.bin' },
        { path: 'passwd' },
        { path: 'd/etc/hostname' },
        { path: '/etc/hostname' },
        { path: '*.txt' },
        { path: 'many/*.log' },
      ],
    });
    const listed = r.run.detail?.artifacts ?? [];
    const why = Object.fromEntries(listed.map((a) => [a.path, a.error ?? `kept ${a.size}`]));
    expect(why['big.bin']).toBe('1100000 bytes, over the limit of 1048576 bytes');
    expect(why.passwd).toBe("leads outside the script's directory (symlinks are not followed out of it)");
    expect(why['d/etc/hostname']).toBe("leads outside the script's directory (symlinks are not followed out of it)");
    expect(why['/etc/hostname']).toContain('outside the directories this server allows');
    expect(why['small.txt']).toBe('kept 6');
    // 20 files a run: the rest are counted in one line, not listed
    expect(listed.filter((a) => a.id)).toHaveLength(20);
    expect(why['11 more file(s)']).toBe('over the limit of 20 files per run');
  });

  it('answers 404 for an unknown artifact and 400 for a malformed id', async () => {
    expect((await server.fetch('/api/artifacts/download/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await server.fetch('/api/artifacts/download/nope');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('expected an artifact id');
  });
});
