import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFiles } from './helpers.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    stdio: 'pipe',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), GIT_CONFIG_NOSYSTEM: '1' },
  });

/** A local bare git repository (the remote) with a working clone to commit and push from. */
export interface LocalRepo {
  root: string;
  bare: string;
  commit(files: Record<string, unknown>, message?: string): void;
}

export function localBareRepo(files: Record<string, unknown>): LocalRepo {
  const root = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-git-'));
  chmodSync(root, 0o755); // git clones it as the sandbox user
  const bare = path.join(root, 'remote.git');
  const work = path.join(root, 'work');
  git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
  git(root, 'clone', '--quiet', bare, work);
  git(work, 'checkout', '--quiet', '-B', 'main');
  const commit = (next: Record<string, unknown>, message = 'update') => {
    writeFiles(work, next);
    git(work, 'add', '-A');
    git(work, 'commit', '--quiet', '-m', message);
    git(work, 'push', '--quiet', 'origin', 'main');
  };
  commit(files, 'first');
  return { root, bare, commit };
}
