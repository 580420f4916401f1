import { lchown, readdir } from 'node:fs/promises';
import path from 'node:path';
import { execActionSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { renderTemplate, shellPrinter } from '../../expr/template.js';
import { connectionEnv } from '../../integrations/connectionEnv.js';
import { cloneRepo } from '../../integrations/git.js';
import { EXEC_OFF } from '../../sandbox/execPolicy.js';
import { runSandboxed } from '../../sandbox/run.js';
import { sandboxIdentity } from '../../sandbox/user.js';
import { renderDeep } from '../env.js';
import { actionRepo, gitSession } from './git.js';
import { type ActionType, failed } from './types.js';
import { collectArtifacts, makeWorkDir, removeWorkDir } from './workdir.js';

type Spec = z.infer<typeof execActionSchema>;

/** bash for a plain script; the `#!` interpreter (python3, node, ...) for one that names it. */
function interpreterRun(script: string): { script: string; shell: string } | { command: string[] } {
  const m = /^#!\s*(\S+)(?:[ \t]+(\S+))?[^\n]*\n/.exec(script);
  if (!m) return { script, shell: 'bash' };
  const program = m[1]?.endsWith('/env') && m[2] ? m[2] : (m[1] as string);
  const body = script.slice(m[0].length);
  // node takes a program with -e; bash, sh and python with -c
  const flag = path.basename(program).startsWith('node') ? '-e' : '-c';
  return { command: [program, flag, body] };
}

/**
 * Renders an exec action's templates: the script with shell quoting of every printed value
 * (expr/gotemplate/shell.ts: a parameter is data, never code; `raw` opts out), the other fields
 * as every action's. A `# gotemplate: left-delim=... right-delim=...` line in the script picks
 * its delimiters.
 */
export function renderExecSpec(raw: unknown, env: Record<string, unknown>): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const { script, ...rest } = raw as Record<string, unknown>;
  const out = renderDeep(rest, env) as Record<string, unknown>;
  if (typeof script === 'string') {
    const templated = script.includes('{{') || /^[ \t]*#[ \t]*gotemplate:/m.test(script);
    out.script = templated ? renderTemplate(script, env, { printer: shellPrinter() }) : script;
  } else if (script !== undefined) out.script = script;
  return out;
}

/**
 * Runs a script through the sandbox (sandbox/run.ts: the unprivileged sandbox user, scrubbed
 * environment, the action's timeout, output capped) in a work directory where `checkout` clones
 * a repository first and `artifacts` are collected from afterwards. A script starting with a
 * `#!` line runs with that interpreter (python3, node...), otherwise with bash. A non-zero exit
 * fails the action; the result is `{stdout, stderr, exitCode}`.
 */
export const execAction: ActionType<Spec> = {
  type: 'exec',
  schema: execActionSchema,
  render: renderExecSpec,
  async run(spec, ctx) {
    if (ctx.sandbox.exec === 'off') return failed(new Error(EXEC_OFF.replace('checks', 'actions')));
    // a script with no files of the server's before or after it runs in a directory the launcher makes
    const dir =
      spec.connections || spec.checkout || spec.artifacts?.length ? await makeWorkDir(ctx.sandbox.user) : undefined;
    try {
      const env: Record<string, string> = {};
      for (const e of spec.env ?? []) env[e.name as string] = (await ctx.resolveEnv(e)) ?? '';
      let cwd = dir;
      if (dir) {
        Object.assign(env, await connectionEnv(spec.connections, dir, ctx));
        // credential files the server wrote go to the sandbox user, who runs the script
        const id = sandboxIdentity(ctx.sandbox.user);
        if (id && spec.connections) for (const e of await readdir(dir)) await lchown(path.join(dir, e), id.uid, id.gid);
        if (spec.checkout) {
          const repo = await actionRepo(ctx, spec.checkout);
          const dest = spec.checkout.destination?.replace(/^\/+/, '') || 'repo';
          if (dest.split('/').includes('..'))
            return failed(new Error('checkout.destination must stay inside the work directory'));
          const ref = spec.checkout.branch;
          await cloneRepo(gitSession(ctx, dir), dir, repo.remote, dest, { depth: 1, ...(ref ? { ref } : {}) });
          cwd = path.join(dir, dest);
        }
      }
      const r = await runSandboxed({
        user: ctx.sandbox.user,
        env,
        // the work directory is the script's HOME and TMPDIR too: one directory per action, not two
        ...(dir ? { cwd, scratch: dir } : {}),
        timeoutMs: ctx.timeoutMs,
        signal: ctx.signal,
        ...interpreterRun(spec.script),
      });
      const result = { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
      if (r.timedOut) return { ok: false, result, error: `action timed out after ${ctx.timeoutMs}ms` };
      if (r.exitCode !== 0)
        return { ok: false, result, error: r.signal ? `killed by ${r.signal}` : `exit code ${r.exitCode}` };
      const paths = (spec.artifacts ?? []).map((a) => a.path);
      try {
        const artifacts = cwd && paths.length ? await collectArtifacts(cwd, paths, ctx.maxArtifactBytes) : [];
        return { ok: true, result, artifacts };
      } catch (err) {
        return failed(err, result);
      }
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      return failed(err);
    } finally {
      if (dir) await removeWorkDir(dir);
    }
  },
};
