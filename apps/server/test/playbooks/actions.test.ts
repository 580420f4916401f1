import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSqlPools } from '../../src/integrations/sql/query.js';
import { serviceAvailable } from '../health/checks/runnerContext.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { httpPeer, run, seedPlaybook, status, worker } from './helpers.js';

const mariadb = await serviceAvailable('MariaDB', 3306);

let server: TestServer;
let peer: Awaited<ReturnType<typeof httpPeer>>;

beforeAll(async () => {
  server = await startTestServer();
  peer = await httpPeer(() => ({ status: 200, body: '{}' }));
});
afterAll(async () => {
  await peer?.close();
  await closeSqlPools();
  await server?.close();
});

async function runOnce(spec: Record<string, unknown>, name: string, params?: Record<string, unknown>) {
  const id = await seedPlaybook(server, spec, name);
  const { run_id } = await run(server, { id, ...(params ? { params } : {}) });
  await worker(server).drain();
  return status(server, run_id);
}

/** When the server runs as root, scripts and git run as `nobody` (the default sandbox user). */
function handToSandboxUser(dir: string): void {
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'nobody', dir]);
}

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

describe('action types against real peers', () => {
  it('exec runs python and node scripts by their #! line', async () => {
    const s = await runOnce(
      {
        actions: [
          { name: 'py', exec: { script: '#!/usr/bin/python3\nprint(6 * 7)' } },
          { name: 'js', exec: { script: '#!/usr/bin/env node\nconsole.log([1, 2, 3].length)' } },
        ],
      },
      'interpreters',
    );
    expect(s.actions.map((a) => a.result.stdout)).toEqual(['42\n', '3\n']);
  });

  it('exec gets the env it declares and nothing of the server', async () => {
    process.env.OPSDECK_TEST_SECRET = 'server-only';
    const s = await runOnce(
      {
        actions: [
          {
            name: 'env',
            exec: { script: 'echo "$GREETING [$OPSDECK_TEST_SECRET]"', env: [{ name: 'GREETING', value: 'hi' }] },
          },
        ],
      },
      'env',
    );
    expect(s.actions[0]?.result.stdout).toBe('hi []\n');
  });

  it.skipIf(!mariadb)('sql queries MariaDB and answers rows and columns', async () => {
    const s = await runOnce(
      { actions: [{ name: 'q', sql: { url: 'mysql://root@127.0.0.1:3306/test', query: "select 2 as b, 'x' as a" } }] },
      'mariadb',
    );
    expect(s.actions[0]?.result).toMatchObject({ rows: [{ b: 2, a: 'x' }], columns: ['b', 'a'], count: 1 });
  });

  it('sql reports the database error and fails the action', async () => {
    const s = await runOnce(
      {
        actions: [
          { name: 'q', sql: { url: 'postgres://postgres@127.0.0.1:5432/test', query: 'select * from no_such_table' } },
        ],
      },
      'sql-error',
    );
    expect(s.actions[0]?.status).toBe('failed');
    expect(s.actions[0]?.error).toContain('no_such_table');
  });

  it('notification sends through a channel (a webhook) with templated text', async () => {
    const s = await runOnce(
      {
        parameters: [{ name: 'who', type: 'text' }],
        actions: [
          {
            name: 'tell',
            notification: {
              url: `generic+http://${peer.url.replace('http://', '')}/notify`,
              title: 'Restarted by {{.params.who}}',
              message: 'all good',
            },
          },
        ],
      },
      'notify',
      { who: 'alice' },
    );
    expect(s.actions[0]).toMatchObject({ status: 'completed' });
    const got = peer.requests.find((r) => r.url.startsWith('/notify'));
    expect(got?.body).toContain('Restarted by alice');
  });

  it('gitops writes and patches files, commits and pushes a branch to a bare repository', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-gitops-'));
    const bare = path.join(root, 'origin.git');
    const seed = path.join(root, 'seed');
    execFileSync('git', ['init', '--bare', '-b', 'main', bare]);
    execFileSync('git', ['init', '-b', 'main', seed]);
    writeFileSync(path.join(seed, 'app.yaml'), 'name: app\nreplicas: 1\nimage: v1\n');
    git(seed, 'add', '.');
    git(seed, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-m', 'init');
    git(seed, 'push', bare, 'main');
    // git runs as the sandbox user, which must own the repository it pushes to (git refuses others')
    handToSandboxUser(root);
    const s = await runOnce(
      {
        parameters: [{ name: 'replicas', type: 'text' }],
        actions: [
          {
            name: 'change',
            gitops: {
              repo: { url: `file://${bare}`, base: 'main', branch: 'scale-{{.params.replicas}}' },
              commit: { message: 'Scale to {{.params.replicas}}', author: 'OpsDeck', email: 'ops@example.com' },
              patches: [{ path: 'app.yaml', patch: 'replicas: {{.params.replicas}}' }],
              files: [{ path: 'notes/README.md', content: 'scaled' }],
            },
          },
        ],
      },
      'gitops',
      { replicas: '3' },
    );
    expect(s.actions[0]).toMatchObject({ status: 'completed', result: { branch: 'scale-3' } });
    expect(git(root, '--git-dir', bare, 'show', 'scale-3:app.yaml')).toBe('name: app\nreplicas: 3\nimage: v1');
    expect(git(root, '--git-dir', bare, 'show', 'scale-3:notes/README.md')).toBe('scaled');
    expect(git(root, '--git-dir', bare, 'log', '-1', '--format=%an %s', 'scale-3')).toBe('OpsDeck Scale to 3');
  });

  it('exec checks out a repository before the script', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-checkout-'));
    const bare = path.join(root, 'o.git');
    const seed = path.join(root, 'seed');
    execFileSync('git', ['init', '--bare', '-b', 'main', bare]);
    execFileSync('git', ['init', '-b', 'main', seed]);
    writeFileSync(path.join(seed, 'VERSION'), '1.2.3\n');
    git(seed, 'add', '.');
    git(seed, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-m', 'init');
    git(seed, 'push', bare, 'main');
    handToSandboxUser(root);
    const s = await runOnce(
      { actions: [{ name: 'read', exec: { script: 'cat VERSION', checkout: { url: `file://${bare}` } } }] },
      'checkout',
    );
    expect(s.actions[0]).toMatchObject({ status: 'completed', result: { stdout: '1.2.3\n' } });
  });

  it('refuses an artifact outside the work directory', async () => {
    const s = await runOnce(
      { actions: [{ name: 'a', exec: { script: 'true', artifacts: [{ path: '/etc/passwd' }] } }] },
      'escape',
    );
    expect(s.actions[0]?.status).toBe('failed');
    expect(s.actions[0]?.error).toContain('work directory only');
  });
});
