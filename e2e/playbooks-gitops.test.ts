import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPlaybookWorker } from '@opsdeck/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInForge } from '../apps/server/test/playbooks/forge.js';
import { type E2E, startE2E } from './harness.js';
import { adminApi } from './health-fixture.js';

const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const TOKEN = 'e2e-forge-token';

describe('a gitops playbook opening a pull request', () => {
  let e2e: E2E;
  let worker: ReturnType<typeof startPlaybookWorker>;
  let forge: Awaited<ReturnType<typeof standInForge>>;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const root = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-e2e-forge-'));
    const bare = path.join(root, 'acme/deploy.git');
    const seed = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-e2e-seed-'));
    mkdirSync(path.dirname(bare), { recursive: true });
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
    execFileSync('git', ['init', '-q', '-b', 'main', seed]);
    writeFileSync(path.join(seed, 'web.yaml'), 'kind: Deployment\nspec:\n  replicas: 1 # scaled by playbooks\n');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: seed });
    git('add', '.');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'init');
    git('push', '-q', bare, 'main');
    forge = await standInForge(root, TOKEN);
    e2e = await startE2E();
    worker = startPlaybookWorker(e2e.server.ctx, { warn: () => {}, error: () => {} });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await e2e?.close();
    await forge?.close();
  });

  it('shows the pull request link on the run page', async () => {
    const [playbook] = (await adminApi(e2e, '/api/db/playbooks', {
      method: 'POST',
      body: JSON.stringify({
        name: 'scale-web',
        spec: {
          title: 'Scale web',
          category: 'GitOps',
          actions: [
            {
              name: 'open-pr',
              gitops: {
                repo: {
                  url: `${forge.url}/acme/deploy.git`,
                  type: 'github',
                  branch: 'scale-3',
                  password: { value: TOKEN },
                },
                commit: { message: 'Scale web to 3' },
                pr: { title: 'Scale web to 3', tags: ['low'] },
                patches: [{ path: 'web.yaml', yq: '.spec.replicas = 3' }],
              },
            },
          ],
        },
      }),
    })) as Array<{ id: string }>;
    const { run_id } = (await adminApi(e2e, '/api/playbook/run', {
      method: 'POST',
      body: JSON.stringify({ id: playbook?.id }),
    })) as { run_id: string };
    const page = await e2e.page();
    await page.goto(`/playbooks/runs/${run_id}`);
    const link = page.getByRole('link', { name: 'Pull request #1' });
    await expect.poll(() => link.count(), { timeout: 60_000 }).toBe(1);
    expect(await link.getAttribute('href')).toBe(`${forge.url}/acme/deploy/pull/1`);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await page.screenshot({ path: path.join(SHOTS, 'playbooks-gitops-pr.png') });
  }, 120_000);
});
