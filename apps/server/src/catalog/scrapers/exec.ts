import { chmod, chown, lchown, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ExecScraper, execScraperSchema } from '@opsdeck/schema';
import { connectionEnv } from '../../integrations/connectionEnv.js';
import { requireConnectionHost } from '../../integrations/git.js';
import { runSandboxed } from '../../sandbox/run.js';
import { sandboxIdentity } from '../../sandbox/user.js';
import { cloneSource, parseGitUrl } from './lib/git.js';
import { parseOutput } from './lib/output.js';
import type { ScrapeContext, ScraperType } from './types.js';

/**
 * Runs a script in the sandbox (sandbox/run.ts, exactly as exec checks run): as the unprivileged
 * sandbox user, with only the scraper's `env` and the variables its `connections` give, killed
 * whole at the scrape's deadline. A script starting with `#!` runs with that interpreter (python,
 * node, ...), any other with bash. With `checkout`, the script runs in a fresh clone of the
 * repository. stdout is the scrape: JSON, else YAML, else text (parseOutput). A script that exits
 * non-zero is an error of the scrape, so the items it found before stay as they are.
 */

/** Why an exec scraper does not run when exec is turned off. */
export const EXEC_SCRAPER_OFF = 'exec scrapers are turned off on this server (OPSDECK_EXEC=off)';

const tail = (s: string) => s.trim().split('\n').slice(-5).join('\n');

async function checkout(spec: NonNullable<ExecScraper['checkout']>, work: string, ctx: ScrapeContext): Promise<string> {
  const stored = spec.connection ? await ctx.resolveConnection(spec.connection) : undefined;
  const src = parseGitUrl(spec.url || stored?.url || '');
  const dest = path.join(work, spec.destination ?? 'checkout');
  const username = await ctx.resolveEnv(spec.username);
  const password = await ctx.resolveEnv(spec.password);
  // a stored connection's credentials go to its own host only
  if (spec.connection && ((!username && stored?.username) || (!password && stored?.password)))
    requireConnectionHost(src.url, stored?.url && parseGitUrl(stored.url).url, spec.connection);
  await cloneSource(
    {
      ...src,
      ref: spec.branch ?? src.ref,
      username: username || stored?.username,
      password: password || stored?.password,
    },
    dest,
    { user: ctx.sandbox.user, signal: ctx.signal, timeoutMs: ctx.timeoutMs, fileRoots: ctx.fileRoots },
  );
  return dest;
}

export const execScraper: ScraperType<ExecScraper> = {
  type: 'exec',
  schema: execScraperSchema,
  async scrape(spec, ctx) {
    if (ctx.sandbox.exec === 'off') return { documents: [], errors: [EXEC_SCRAPER_OFF] };
    const id = sandboxIdentity(ctx.sandbox.user);
    const work = await mkdtemp(path.join(tmpdir(), 'opsdeck-exec-scrape-'));
    try {
      // git clones in here as the sandbox user
      if (id) await chown(work, id.uid, id.gid);
      const env: Record<string, string> = {};
      for (const e of spec.env ?? []) env[e.name as string] = (await ctx.resolveEnv(e)) ?? '';
      Object.assign(env, await connectionEnv(spec.connections, work, ctx));
      const cwd = spec.checkout ? await checkout(spec.checkout, work, ctx) : path.join(work, 'run');
      await mkdir(cwd, { recursive: true });
      const shebang = spec.script.startsWith('#!');
      const scriptFile = path.join(work, 'script');
      if (shebang) await writeFile(scriptFile, spec.script, { mode: 0o700 });
      // what the server wrote at the top of the work directory (credential files, script) goes to the
      // sandbox user; the checkout is git's, as that user already, and links are never followed
      if (id) for (const e of await readdir(work)) await lchown(path.join(work, e), id.uid, id.gid);
      await chmod(work, 0o700);
      const r = await runSandboxed({
        user: ctx.sandbox.user,
        ...(shebang ? { command: [scriptFile] } : { script: spec.script, shell: 'bash' }),
        env,
        cwd,
        timeoutMs: ctx.timeoutMs,
        signal: ctx.signal,
      });
      if (r.timedOut) return { documents: [], errors: [`script timed out after ${ctx.timeoutMs}ms`] };
      if (r.exitCode !== 0) {
        const why = r.signal ? `killed by ${r.signal}` : `exit code ${r.exitCode}`;
        return { documents: [], errors: [`script failed (${why})${r.stderr.trim() ? `: ${tail(r.stderr)}` : ''}`] };
      }
      if (r.truncated) return { documents: [], errors: ['script output is larger than the sandbox keeps (1 MiB)'] };
      return { documents: parseOutput(r.stdout).map((config) => ({ config, source: 'exec' })), errors: [] };
    } finally {
      await rm(work, { recursive: true, force: true }).catch(() => {});
    }
  },
};
