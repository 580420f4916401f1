import { chown, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gitopsActionSchema } from '@opsdeck/schema';
import { parse, stringify } from 'yaml';
import type { z } from 'zod';
import { sandboxIdentity } from '../../sandbox/user.js';
import { git, repoUrl } from './git.js';
import { type ActionType, failed } from './types.js';
import { makeWorkDir, removeWorkDir } from './workdir.js';

type Spec = z.infer<typeof gitopsActionSchema>;

/** RFC 7386 merge patch: objects merge, null removes a key, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> =
    target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

function inside(root: string, rel: string): string {
  const full = path.resolve(root, rel);
  if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`${rel}: the path leaves the repository`);
  return full;
}

/**
 * Clones `repo` (its `base` branch), writes `files` (`$delete` removes one) and applies `patches`
 * (YAML or JSON merge patches) as the sandbox user, commits on `branch` (default: the base) and
 * pushes it. The result names the branch and commit.
 */
export const gitopsAction: ActionType<Spec> = {
  type: 'gitops',
  schema: gitopsActionSchema,
  async run(spec, ctx) {
    const dir = await makeWorkDir(ctx.sandbox.user);
    try {
      const repo = await repoUrl(ctx, spec.repo);
      const base = spec.repo.base ?? 'main';
      const branch = spec.repo.branch ?? base;
      const work = path.join(dir, 'repo');
      await git(ctx, dir, ['clone', '--branch', base, repo.url, 'repo'], repo.password);
      if (branch !== base) await git(ctx, work, ['checkout', '-b', branch]);
      const changed: string[] = [];
      for (const f of spec.files ?? []) {
        const full = inside(work, f.path);
        if (f.content === '$delete') await rm(full, { force: true });
        else {
          await mkdir(path.dirname(full), { recursive: true });
          await writeFile(full, f.content);
        }
        changed.push(f.path);
      }
      for (const p of spec.patches ?? []) {
        const full = inside(work, p.path);
        const before = parse(await readFile(full, 'utf8'));
        const after = mergePatch(before, parse(p.patch));
        await writeFile(full, p.path.endsWith('.json') ? `${JSON.stringify(after, null, 2)}\n` : stringify(after));
        changed.push(p.path);
      }
      // the server wrote the files: hand them to the sandbox user that runs git
      await chownTree(work, ctx.sandbox.user);
      await git(ctx, work, ['add', '-A']);
      const author = spec.commit.author ?? 'OpsDeck';
      const email = spec.commit.email ?? 'opsdeck@localhost';
      await git(ctx, work, [
        '-c',
        `user.name=${author}`,
        '-c',
        `user.email=${email}`,
        'commit',
        '-m',
        spec.commit.message,
      ]);
      const sha = (await git(ctx, work, ['rev-parse', 'HEAD'])).trim();
      await git(ctx, work, ['push', 'origin', `HEAD:refs/heads/${branch}`], repo.password);
      return {
        ok: true,
        result: { branch, commit: sha, files: changed, stdout: `pushed ${sha.slice(0, 12)} to ${branch}` },
      };
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      return failed(err);
    } finally {
      await removeWorkDir(dir);
    }
  },
};

async function chownTree(root: string, user: string): Promise<void> {
  const id = sandboxIdentity(user);
  if (!id) return;
  const walk = async (p: string): Promise<void> => {
    await chown(p, id.uid, id.gid);
    for (const e of await readdir(p, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(path.join(p, e.name));
      else await chown(path.join(p, e.name), id.uid, id.gid);
    }
  };
  await walk(root);
}
