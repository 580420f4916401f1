import { spawn } from 'node:child_process';
import { type ExecCheck, execCheckSchema } from '@opsdeck/schema';
import { type CheckContext, type CheckType, failure } from './types.js';

/**
 * Runs a bash script. The runner reports what happened (`stdout`, `stderr`, `exitCode`, also under
 * `results`) and passes; the default test `results.exitCode == 0` decides, so a custom `test` can
 * accept other exit codes. The script runs in its own process group, killed whole on timeout, with
 * a minimal environment (PATH, HOME, LANG, TMPDIR plus the check's `env`): the server's own
 * variables (database URL, secret key) are never handed to scripts.
 */

const MAX_OUTPUT = 1024 * 1024;
/** Output kept in the stored detail and message; expressions still see the full output. */
const MAX_STORED = 4096;
const clip = (s: string) => (s.length > MAX_STORED ? `${s.slice(0, MAX_STORED)}...` : s);
const BASE_ENV = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TMPDIR', 'TZ'];

async function scriptEnv(spec: ExecCheck, ctx: CheckContext): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const k of BASE_ENV) {
    const v = process.env[k];
    if (v !== undefined) env[k] = v;
  }
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
  for (const e of spec.env ?? []) env[e.name as string] = (await ctx.resolveEnv(e)) ?? '';
  return env;
}

interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  signal?: string;
}

function runScript(script: string, env: Record<string, string>, signal: AbortSignal): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outLen = 0;
    let errLen = 0;
    child.stdout.on('data', (b: Buffer) => {
      if (outLen < MAX_OUTPUT) out.push(b);
      outLen += b.length;
    });
    child.stderr.on('data', (b: Buffer) => {
      if (errLen < MAX_OUTPUT) err.push(b);
      errLen += b.length;
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const onAbort = () => {
      killGroup();
      reject(signal.reason instanceof Error ? signal.reason : new Error('script aborted'));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    child.once('error', (e) => {
      signal.removeEventListener('abort', onAbort);
      reject(e);
    });
    child.once('close', (code, sig) => {
      signal.removeEventListener('abort', onAbort);
      killGroup(); // background children the script left behind
      resolve({
        stdout: Buffer.concat(out).toString('utf8').slice(0, MAX_OUTPUT),
        stderr: Buffer.concat(err).toString('utf8').slice(0, MAX_OUTPUT),
        exitCode: code ?? 128,
        signal: sig ?? undefined,
      });
    });
  });
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
    try {
      const r = await runScript(spec.script, await scriptEnv(spec, ctx), ctx.signal);
      const results = { stdout: r.stdout.trim(), stderr: r.stderr.trim(), exitCode: r.exitCode };
      const message = r.signal ? `killed by ${r.signal}` : `exit code ${r.exitCode}`;
      const detail = { stdout: clip(results.stdout), stderr: clip(results.stderr), exitCode: r.exitCode };
      return { pass: true, message: clip(results.stdout) || message, data: { ...results, results }, detail };
    } catch (err) {
      return failure(new Error(`exec: ${err instanceof Error ? err.message : String(err)}`));
    }
  },
};
