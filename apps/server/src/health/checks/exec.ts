import { lchown, readdir } from 'node:fs/promises';
import path from 'node:path';
import { type ExecCheck, execCheckSchema } from '@opsdeck/schema';
import { connectionEnv } from '../../integrations/connectionEnv.js';
import { EXEC_OFF } from '../../sandbox/execPolicy.js';
import { runSandboxed, withSandboxDir } from '../../sandbox/run.js';
import { sandboxIdentity } from '../../sandbox/user.js';
import { collectArtifacts } from './lib/artifacts.js';
import { checkout } from './lib/gitCheckout.js';
import { type CheckContext, type CheckOutcome, type CheckType, failure, refused } from './types.js';

/**
 * Runs a bash script in the sandbox (sandbox/run.ts): as the unprivileged sandbox user, in a
 * scratch directory, with only PATH, HOME, LANG and the check's `env`, killed whole on timeout,
 * output capped. With `checkout` the repository is cloned first (lib/gitCheckout.ts) and the
 * script runs inside the clone; `artifacts` are read after the script (lib/artifacts.ts) and
 * stored with the result. The runner reports what happened (`stdout`, `stderr`, `exitCode`, also
 * under `results`) and passes; the default test `results.exitCode == 0` decides, so a custom
 * `test` can accept other exit codes. With OPSDECK_EXEC=off it does not run at all.
 */

/** Output kept in the stored detail and message; expressions still see the full output. */
const MAX_STORED = 4096;
const clip = (s: string) => (s.length > MAX_STORED ? `${s.slice(0, MAX_STORED)}...` : s);

async function scriptEnv(spec: ExecCheck, workDir: string, ctx: CheckContext): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const e of spec.env ?? []) env[e.name as string] = (await ctx.resolveEnv(e)) ?? '';
  Object.assign(env, await connectionEnv(spec.connections, workDir, ctx));
  // credential files the server wrote go to the sandbox user, who runs the script
  const id = sandboxIdentity(ctx.sandbox.user);
  if (id) for (const e of await readdir(workDir)) await lchown(path.join(workDir, e), id.uid, id.gid);
  return env;
}

async function runIn(workDir: string, spec: ExecCheck, ctx: CheckContext): Promise<CheckOutcome> {
  const env = await scriptEnv(spec, workDir, ctx);
  const cwd = spec.checkout ? await checkout(spec.checkout, workDir, ctx) : workDir;
  const r = await runSandboxed({
    user: ctx.sandbox.user,
    script: spec.script,
    shell: 'bash',
    env,
    scratch: workDir,
    cwd,
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
  });
  if (r.timedOut) return failure(new Error(`exec: timed out after ${ctx.timeoutMs}ms`));
  const results = { stdout: r.stdout.trim(), stderr: r.stderr.trim(), exitCode: r.exitCode };
  const message = r.signal ? `killed by ${r.signal}` : `exit code ${r.exitCode}`;
  const detail: Record<string, unknown> = {
    stdout: clip(results.stdout),
    stderr: clip(results.stderr),
    exitCode: r.exitCode,
  };
  const outcome: CheckOutcome = {
    pass: true,
    message: clip(results.stdout) || message,
    data: { ...results, results },
    detail,
  };
  if (spec.artifacts?.length) {
    const { kept, notes } = await collectArtifacts(spec.artifacts, cwd, ctx.sandbox);
    detail.artifacts = notes;
    outcome.artifacts = kept;
  }
  return outcome;
}

export const execCheck: CheckType<ExecCheck> = {
  type: 'exec',
  schema: execCheckSchema,
  /** Each run is a child process; keep a burst of them bounded. */
  concurrency: 10,
  defaultTimeoutMs: 60_000,
  defaultTest: { expr: 'results.exitCode == 0' },
  endpoint: (spec) => spec.script.split('\n', 1)[0] ?? '',
  async run(spec, ctx) {
    if (ctx.sandbox.exec === 'off') return refused(EXEC_OFF);
    try {
      return await withSandboxDir(ctx.sandbox.user, (workDir) => runIn(workDir, spec, ctx));
    } catch (err) {
      return failure(new Error(`exec: ${err instanceof Error ? err.message : String(err)}`));
    }
  },
};
