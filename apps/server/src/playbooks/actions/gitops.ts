import path from 'node:path';
import { gitopsActionSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { cloneRepo, runGit } from '../../integrations/git.js';
import { GitTree, type TreeChange, treePath } from '../../integrations/gitTree.js';
import { actionRepo, gitSession } from './git.js';
import { JqRunner } from './jq.js';
import { patchText } from './patches.js';
import { type Forge, forgeOf, openPullRequest } from './pullRequest.js';
import { type ActionType, failed } from './types.js';
import { makeWorkDir, removeWorkDir } from './workdir.js';

type Spec = z.infer<typeof gitopsActionSchema>;

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
 * the pull request. The clone has no working tree: files are read from and written to git's object
 * store (integrations/gitTree.ts), so nothing the repository holds (symlinks, `.gitattributes`,
 * hooks) can make a write land outside it or run a command.
 */
export const gitopsAction: ActionType<Spec> = {
  type: 'gitops',
  schema: gitopsActionSchema,
  async run(spec, ctx) {
    const dir = await makeWorkDir(ctx.sandbox.user);
    let jq: JqRunner | undefined;
    try {
      const session = gitSession(ctx, dir);
      const repo = await actionRepo(ctx, spec.repo);
      const forge = forgeFor(spec, repo.plain, repo.connectionType);
      const creds = repo.remote.credentials;
      // a token alone: the user name each forge expects with it
      if (forge && creds?.password && !creds.username)
        creds.username = forge === 'github' ? 'x-access-token' : 'oauth2';
      const base = spec.repo.base ?? 'main';
      const branch = spec.repo.branch ?? base;
      const work = path.join(dir, 'repo');
      await cloneRepo(session, dir, repo.remote, 'repo', { ref: base, noCheckout: true });
      const tree = new GitTree(session, work);
      const files = (spec.files ?? []).map((f) => ({ path: treePath(f.path), content: f.content }));
      const patches = (spec.patches ?? []).map((p, i) => {
        try {
          return { ...p, path: treePath(p.path) };
        } catch (err) {
          throw new Error(`patches[${i}] ${(err as Error).message}`);
        }
      });
      await tree.check([...new Set([...files.map((f) => f.path), ...patches.map((p) => p.path)])]);
      // later entries see what earlier ones wrote
      const pending = new Map<string, string | null>();
      for (const f of files) pending.set(f.path, f.content === '$delete' ? null : f.content);
      for (const [i, p] of patches.entries()) {
        try {
          const current = pending.has(p.path) ? pending.get(p.path) : await tree.read(p.path);
          if (current == null) throw new Error('no such file in the repository');
          pending.set(
            p.path,
            await patchText(p.path, current, p, async () => {
              jq ??= await JqRunner.start(ctx.signal);
              return jq;
            }),
          );
        } catch (err) {
          if (ctx.signal.aborted) throw err;
          throw new Error(`patches[${i}] ${p.path}: ${(err as Error).message}`);
        }
      }
      const changed = [...files.map((f) => f.path), ...patches.map((p) => p.path)];
      const changes: TreeChange[] = [...pending].map(([p, content]) => ({ path: p, content }));
      const author = spec.commit.author ?? 'OpsDeck';
      const email = spec.commit.email ?? 'opsdeck@localhost';
      const sha = await tree.commit(changes, spec.commit.message, author, email);
      if (!sha) throw new Error('nothing to commit: the files and patches change nothing');
      await runGit(session, work, ['push', '--quiet', 'origin', `${sha}:refs/heads/${branch}`], {
        remote: repo.remote,
      });
      const pushed = `pushed ${sha.slice(0, 12)} to ${branch}`;
      if (!spec.pr || !forge) return { ok: true, result: { branch, commit: sha, files: changed, stdout: pushed } };
      const result = { branch, commit: sha, files: changed };
      try {
        const pr = await openPullRequest({
          repoUrl: repo.plain,
          forge,
          token: creds?.password,
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
