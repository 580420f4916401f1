import { chown, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gitopsActionSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { sandboxIdentity } from '../../sandbox/user.js';
import { git, repoUrl, withCredentials } from './git.js';
import { JqRunner } from './jq.js';
import { applyPatch } from './patches.js';
import { type Forge, forgeOf, openPullRequest } from './pullRequest.js';
import { type ActionType, failed } from './types.js';
import { makeWorkDir, removeWorkDir } from './workdir.js';

type Spec = z.infer<typeof gitopsActionSchema>;

function inside(root: string, rel: string): string {
  const full = path.resolve(root, rel);
  if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`${rel}: the path leaves the repository`);
  return full;
}

/** The forge when the action needs one (a pull request) or names one; undefined otherwise. */
function forgeFor(spec: Spec, url: string, connectionType?: string): Forge | undefined {
  if (spec.pr) return forgeOf(url, spec.repo.type, connectionType);
  try {
    return forgeOf(url, spec.repo.type, connectionType);
  } catch {
    return undefined;
  }
}

/**
 * Clones `repo` (its `base` branch), writes `files` (`$delete` removes one) and applies `patches`
 * (yq, jq or merge patches), commits on `branch` (default: the base) and pushes it, git running as
 * the sandbox user; then opens the `pr` on the forge. The result names the branch, the commit and
 * the pull request.
 */
export const gitopsAction: ActionType<Spec> = {
  type: 'gitops',
  schema: gitopsActionSchema,
  async run(spec, ctx) {
    const dir = await makeWorkDir(ctx.sandbox.user);
    let jq: JqRunner | undefined;
    try {
      const repo = await repoUrl(ctx, spec.repo);
      const forge = forgeFor(spec, repo.plain, repo.connectionType);
      // a token alone: the user name each forge expects with it
      if (forge && repo.password && !repo.username)
        repo.url = withCredentials(repo.plain, forge === 'github' ? 'x-access-token' : 'oauth2', repo.password);
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
      for (const [i, p] of (spec.patches ?? []).entries()) {
        try {
          await applyPatch(inside(work, p.path), p, async () => {
            jq ??= await JqRunner.start(ctx.signal);
            return jq;
          });
        } catch (err) {
          if (ctx.signal.aborted) throw err;
          throw new Error(`patches[${i}] ${p.path}: ${(err as Error).message}`);
        }
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
      const pushed = `pushed ${sha.slice(0, 12)} to ${branch}`;
      if (!spec.pr || !forge) return { ok: true, result: { branch, commit: sha, files: changed, stdout: pushed } };
      const result = { branch, commit: sha, files: changed };
      try {
        const pr = await openPullRequest({
          repoUrl: repo.plain,
          forge,
          token: repo.password,
          head: branch,
          base,
          pr: spec.pr,
          signal: ctx.signal,
        });
        return { ok: true, result: { ...result, pull_request: pr, stdout: `${pushed}\nopened ${pr.url}` } };
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        // the branch is pushed: say so beside the failure
        return failed(err, { ...result, stdout: pushed });
      }
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      return failed(err);
    } finally {
      await jq?.close();
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
