import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { standInForge } from './forge.js';
import { run, seedPlaybook, status, worker } from './helpers.js';

/**
 * What a repository an editor controls cannot make a gitops action do: write or chown through a
 * committed symlink, write git's own files, run a filter or hook; and where git credentials go.
 */

const TOKEN = 'forge-token-7f3a9c';
const asRoot = process.getuid?.() === 0;
let server: TestServer;
let root: string;
let forge: Awaited<ReturnType<typeof standInForge>>;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], { cwd, encoding: 'utf8' }).trim();

/** A bare repository `<project>.git` under `root` whose main branch holds `files` and `links` (name -> target). */
function bareRepo(project: string, files: Record<string, string>, links: Record<string, string> = {}): string {
  const bare = path.join(root, `${project}.git`);
  const seed = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-seed-'));
  mkdirSync(path.dirname(bare), { recursive: true });
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
  execFileSync('git', ['init', '-q', '-b', 'main', seed]);
  for (const [f, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(seed, f)), { recursive: true });
    writeFileSync(path.join(seed, f), content);
  }
  for (const [name, target] of Object.entries(links)) symlinkSync(target, path.join(seed, name));
  git(seed, 'add', '-A');
  git(seed, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'init');
  git(seed, 'push', '-q', bare, 'main');
  if (asRoot) execFileSync('chown', ['-R', 'nobody', root]);
  return bare;
}

const branchExists = (bare: string, branch: string) => {
  try {
    git(root, '--git-dir', bare, 'rev-parse', '--verify', '-q', `refs/heads/${branch}`);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  server = await startTestServer();
  root = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-forge-'));
  chmodSync(root, 0o755);
  forge = await standInForge(root, TOKEN);
});
afterAll(async () => {
  await forge?.close();
  await server?.close();
});

async function runOnce(action: Record<string, unknown>, name: string) {
  const id = await seedPlaybook(server, { actions: [{ name: 'a', ...action }] }, name);
  const { run_id } = await run(server, { id });
  await worker(server).drain();
  const s = await status(server, run_id);
  return s.actions[0] as { status: string; error: string | null; result: Record<string, unknown> };
}

const gitops = (bare: string, extra: Record<string, unknown>) => ({
  gitops: { repo: { url: `file://${bare}`, branch: 'change' }, commit: { message: 'm' }, ...extra },
});

describe('gitops: symlinks in the repository', () => {
  it.skipIf(!asRoot)(
    'writes nothing through a committed symlink and chowns nothing outside the clone',
    async () => {
      const secret = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-root-only-'));
      chmodSync(secret, 0o700);
      writeFileSync(path.join(secret, 'kept.txt'), 'root data');
      const bare = bareRepo(
        'evil/links',
        { 'ok.yaml': 'a: 1\n' },
        { lnk: secret, 'file.yaml': path.join(secret, 'kept.txt') },
      );
      const attempts = [
        { files: [{ path: 'lnk/pwned.txt', content: 'x' }] },
        { files: [{ path: 'file.yaml', content: 'x' }] },
        { files: [{ path: 'lnk/new/deep.txt', content: 'x' }] },
        { patches: [{ path: 'file.yaml', patch: 'a: 2' }] },
        { patches: [{ path: 'lnk/kept.txt', patch: 'a: 2' }] },
      ];
      for (const [i, extra] of attempts.entries()) {
        const a = await runOnce(gitops(bare, extra), `links-${i}`);
        expect(a.status, JSON.stringify(extra)).toBe('failed');
        expect(a.error, JSON.stringify(extra)).toMatch(/symlink/);
      }
      expect(readdirSync(secret)).toEqual(['kept.txt']);
      expect(readFileSync(path.join(secret, 'kept.txt'), 'utf8')).toBe('root data');
      for (const p of [secret, path.join(secret, 'kept.txt')]) {
        expect(statSync(p).uid, p).toBe(0);
      }
      expect(statSync(secret).mode & 0o777).toBe(0o700);
      expect(branchExists(bare, 'change')).toBe(false);
      rmSync(secret, { recursive: true, force: true });
    },
    120_000,
  );

  it('still changes a regular file beside a symlink, keeping the symlink as it was', async () => {
    const bare = bareRepo('evil/beside', { 'ok.yaml': 'a: 1\n' }, { lnk: '/etc' });
    const a = await runOnce(gitops(bare, { patches: [{ path: 'ok.yaml', patch: 'a: 2' }] }), 'beside');
    expect(a.error).toBeNull();
    expect(git(root, '--git-dir', bare, 'show', 'change:ok.yaml')).toBe('a: 2');
    expect(git(root, '--git-dir', bare, 'ls-tree', 'change', 'lnk')).toMatch(/^120000 /);
  });
});

describe('gitops: git’s own files, filters and hooks', () => {
  it('refuses paths under .git/ in any spelling, and runs no filter or hook they would define', async () => {
    const marker = path.join(mkdtempSync(path.join(os.tmpdir(), 'opsdeck-marker-')), 'ran');
    chmodSync(path.dirname(marker), 0o777);
    const bare = bareRepo('evil/config', { 'a.txt': 'a\n' });
    const config = `[filter "pwn"]\n\tclean = touch ${marker}; cat\n[core]\n\thooksPath = hooks\n`;
    const hook = `#!/bin/sh\ntouch ${marker}\n`;
    for (const [i, target] of [
      '.git/config',
      './.git/config',
      'x/../.git/config',
      '.GIT/config',
      'sub/.git/config',
    ].entries()) {
      const a = await runOnce(
        gitops(bare, {
          files: [
            { path: target, content: config },
            { path: '.git/hooks/pre-commit', content: hook },
            { path: '.gitattributes', content: '* filter=pwn\n' },
            { path: 'a.txt', content: 'changed\n' },
          ],
        }),
        `git-dir-${i}`,
      );
      expect(a.status, target).toBe('failed');
      expect(a.error, target).toMatch(/\.git\/|leaves the repository/);
    }
    expect(existsSync(marker)).toBe(false);
    expect(branchExists(bare, 'change')).toBe(false);
  }, 120_000);

  it('commits a .gitattributes naming a filter as plain content, running nothing', async () => {
    const marker = path.join(mkdtempSync(path.join(os.tmpdir(), 'opsdeck-marker-')), 'ran');
    const bare = bareRepo('evil/attrs', { 'a.txt': 'a\n', '.gitattributes': '* filter=lfs diff=lfs\n' });
    const a = await runOnce(
      gitops(bare, {
        files: [
          { path: '.gitattributes', content: '* filter=pwn\n' },
          { path: 'b.txt', content: 'b\n' },
        ],
      }),
      'attrs',
    );
    expect(a.error).toBeNull();
    expect(git(root, '--git-dir', bare, 'show', 'change:b.txt')).toBe('b');
    expect(git(root, '--git-dir', bare, 'show', 'change:.gitattributes')).toBe('* filter=pwn');
    expect(existsSync(marker)).toBe(false);
  });
});

/** A `git` first on PATH that logs its arguments and environment names, then runs the real git. */
function fakeGitOnPath(): { log: string; restore: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-fake-git-'));
  chmodSync(dir, 0o755);
  const log = path.join(dir, 'args.log');
  writeFileSync(log, '');
  chmodSync(log, 0o666);
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(path.join(dir, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> ${log}\nexec ${real} "$@"\n`, {
    mode: 0o755,
  });
  const before = process.env.PATH;
  process.env.PATH = `${dir}:${before}`;
  return { log, restore: () => (process.env.PATH = before) };
}

describe('git credentials', () => {
  it('never puts the token in the clone’s config or in git’s arguments', async () => {
    bareRepo('acme/creds', { 'a.json': '{"n": 1}\n', 'check.sh': 'cat .git/config\n' });
    const basic = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
    const fake = fakeGitOnPath();
    try {
      const pushed = await runOnce(
        {
          gitops: {
            repo: { url: `${forge.url}/acme/creds.git`, type: 'github', branch: 'n2', password: { value: TOKEN } },
            commit: { message: 'm' },
            files: [{ path: 'b.txt', content: 'b' }],
          },
        },
        'creds-gitops',
      );
      expect(pushed.error).toBeNull();
      // the action's own script reads its checkout's config
      const conn = await server.fetch('/api/db/connections', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'git-exec',
          namespace: 'ops',
          type: 'git',
          url: `${forge.url}/acme/creds.git`,
          username: 'bot',
          password: TOKEN,
        }),
      });
      expect(conn.status).toBe(201);
      const script = await runOnce(
        {
          exec: {
            script: 'cat .git/config; git remote -v',
            checkout: { connection: 'connection://ops/git-exec' },
          },
        },
        'creds-exec',
      );
      expect(script.error).toBeNull();
      const out = String(script.result.stdout);
      expect(out).toContain(`${forge.url}/acme/creds.git`);
      expect(out).not.toContain(TOKEN);
      expect(out).not.toContain('extraheader');
    } finally {
      fake.restore();
    }
    const args = readFileSync(fake.log, 'utf8');
    expect(args).toContain('clone');
    expect(args).toContain('push');
    expect(args).not.toContain(TOKEN);
    expect(args).not.toContain(basic);
    expect(args).not.toContain(Buffer.from(`bot:${TOKEN}`).toString('base64'));
  }, 60_000);

  it('sends a connection’s credentials only to its own host', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const other = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' });
      res.end();
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const conn = await server.fetch('/api/db/connections', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'git-home',
          namespace: 'ops',
          type: 'git',
          url: `${forge.url}/acme/creds.git`,
          password: TOKEN,
        }),
      });
      expect(conn.status).toBe(201);
      const a = await runOnce(
        {
          gitops: {
            repo: {
              connection: 'connection://ops/git-home',
              url: `${otherUrl}/steal.git`,
              type: 'github',
              branch: 'x',
            },
            commit: { message: 'm' },
            files: [{ path: 'b.txt', content: 'b' }],
          },
        },
        'creds-elsewhere',
      );
      expect(a.status).toBe('failed');
      expect(a.error).toContain('sent only to its own host');
      expect(a.error).not.toContain(TOKEN);
      expect(seen.filter((h) => h.authorization)).toEqual([]);
    } finally {
      await new Promise<void>((r) => other.close(() => r()));
    }
  });
});
