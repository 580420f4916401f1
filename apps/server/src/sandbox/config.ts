import path from 'node:path';
import { z } from 'zod';

/** Who may save exec checks: admins (default), editors too, or nobody (exec never runs). */
export const execModeSchema = z.enum(['admin', 'editor', 'off']);
export type ExecMode = z.infer<typeof execModeSchema>;

const roots = z
  .string()
  .default('')
  .transform((v, ctx) => {
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const r of list) {
      if (!path.isAbsolute(r)) ctx.addIssue({ code: 'custom', message: `${r} is not an absolute path` });
    }
    return list.map((r) => path.resolve(r));
  });

/** The sandbox part of the environment (code and files on the server). */
export const sandboxEnvSchema = z.object({
  OPSDECK_EXEC: execModeSchema.default('admin'),
  OPSDECK_SANDBOX_USER: z.string().min(1).default('nobody'),
  OPSDECK_FILE_ROOTS: roots,
});

/**
 * How OpsDeck runs code and reads files on the server for checks (and later scrapers and
 * actions): who may save exec specs, the unprivileged user scripts run as, and the directories
 * file-reading members may read.
 */
export interface SandboxConfig {
  exec: ExecMode;
  /** User name, `uid` or `uid:gid` that scripts run as when the server runs as root. */
  user: string;
  /** Absolute directories folder and junit checks may read; empty: none. */
  fileRoots: string[];
}

export function sandboxConfigFrom(e: z.infer<typeof sandboxEnvSchema>): SandboxConfig {
  return { exec: e.OPSDECK_EXEC, user: e.OPSDECK_SANDBOX_USER, fileRoots: e.OPSDECK_FILE_ROOTS };
}

/** What a check run sees of the sandbox: the config plus the data directory no member may read. */
export interface SandboxPolicy extends SandboxConfig {
  /** OpsDeck's own data directory (database, secret.key): never readable, whatever the roots. */
  dataDir?: string;
  /** Set by the CLI: files are read as the invoking user can (sandbox/fileRoots.ts). */
  invokingUser?: boolean;
}

/** The policy when a caller passes none: exec as the default user, no file roots. */
export const DEFAULT_SANDBOX: SandboxPolicy = { exec: 'admin', user: 'nobody', fileRoots: [] };

export function sandboxPolicy(config: { sandbox: SandboxConfig; dataDir: string }): SandboxPolicy {
  return { ...config.sandbox, dataDir: config.dataDir };
}

/** The policy of `opsdeck run`/`opsdeck scrape`: the server's, reading files as the invoking user. */
export function cliSandboxPolicy(config: { sandbox: SandboxConfig; dataDir: string }): SandboxPolicy {
  return { ...sandboxPolicy(config), invokingUser: true };
}
