import type { Role } from '@opsdeck/schema';
import type { ExecMode } from './config.js';

/**
 * Who may save exec specs (`OPSDECK_EXEC`): exec runs code on the server, so by default only
 * admins may write it; `editor` lets editors too; `off` refuses every exec spec and exec never runs.
 */

/** Whether a canary spec (or any spec object keyed by check type) holds exec checks. */
export function hasExecChecks(spec: unknown): boolean {
  const exec = (spec as { exec?: unknown } | null | undefined)?.exec;
  return Array.isArray(exec) ? exec.length > 0 : exec !== undefined && exec !== null;
}

const ALLOWED: Record<Exclude<ExecMode, 'off'>, ReadonlySet<Role>> = {
  admin: new Set(['admin']),
  editor: new Set(['admin', 'editor']),
};

/**
 * Why `roles` may not save `spec`, or undefined when they may. `roles: 'operator'` is someone
 * with the server's own access (the CLI on the server), refused only when exec is off.
 */
export function execWriteRefusal(
  mode: ExecMode,
  roles: readonly Role[] | 'operator',
  spec: unknown,
): string | undefined {
  if (!hasExecChecks(spec)) return undefined;
  if (mode === 'off') return 'exec checks are turned off on this server (OPSDECK_EXEC=off); remove the exec checks';
  if (roles === 'operator' || roles.some((r) => ALLOWED[mode].has(r))) return undefined;
  return mode === 'admin'
    ? 'only admins may save exec checks, because they run code on the server (OPSDECK_EXEC=admin; an administrator can allow editors with OPSDECK_EXEC=editor)'
    : 'saving exec checks needs the admin or editor role, because they run code on the server (OPSDECK_EXEC=editor)';
}

/** The message of an exec check that does not run because exec is off. */
export const EXEC_OFF = 'exec checks are turned off on this server (OPSDECK_EXEC=off)';
