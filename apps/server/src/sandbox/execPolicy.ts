import type { Role } from '@opsdeck/schema';
import type { ExecMode } from './config.js';

/**
 * Who may save specs that run code (`OPSDECK_EXEC`): code runs on the server, so by default only
 * admins may write it; `editor` lets editors too; `off` refuses every such spec and none runs.
 * Every save path (/api/db, domain routes, `opsdeck apply`, importers, agent pushes) asks the
 * functions below, so what counts as code is decided here once.
 */

/** The kinds of spec that can hold code: `Check` is one stored check row (its type and spec). */
export type CodeKind = 'Canary' | 'ScrapeConfig' | 'Topology' | 'Playbook' | 'Check';

const nonEmpty = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null);

type ActionLike = { exec?: unknown; gitops?: unknown } | null;
const actionsOf = (spec: unknown): ActionLike[] => {
  const actions = (spec as { actions?: unknown } | null | undefined)?.actions;
  return Array.isArray(actions) ? (actions as ActionLike[]) : [];
};

/** What the code of a spec is called in a refusal. */
function nounOf(kind: CodeKind, spec: unknown): string {
  switch (kind) {
    case 'Canary':
    case 'Check':
      return 'exec checks';
    case 'ScrapeConfig':
      return 'exec scrapers';
    case 'Topology':
      return 'exec lookups';
    case 'Playbook':
      return actionsOf(spec).some((a) => nonEmpty(a?.exec)) ? 'exec actions' : 'gitops actions';
  }
}

/** Whether a canary (or scraper) spec holds exec members: the `exec` list of the spec. */
export function hasExecChecks(spec: unknown): boolean {
  return nonEmpty((spec as { exec?: unknown } | null | undefined)?.exec);
}

/** Whether a topology spec holds exec anywhere (lookups, property lookups, inline checks). */
function topologyRunsCode(spec: unknown): boolean {
  if (Array.isArray(spec)) return spec.some(topologyRunsCode);
  if (!spec || typeof spec !== 'object') return false;
  for (const [key, value] of Object.entries(spec)) {
    if ((key === 'lookup' || key === 'inline') && value && typeof value === 'object' && hasExecChecks(value)) {
      return true;
    }
    if (topologyRunsCode(value)) return true;
  }
  return false;
}

/** Whether a playbook spec has exec actions, or gitops actions (they run git on the server over files from a spec). */
function playbookRunsCode(spec: unknown): boolean {
  return actionsOf(spec).some((a) => nonEmpty(a?.exec) || nonEmpty(a?.gitops));
}

/** Whether a stored check row (`{type, spec}`) runs code. */
function checkRunsCode(row: unknown): boolean {
  return (row as { type?: unknown } | null | undefined)?.type === 'exec';
}

/**
 * Whether a spec of kind `kind` runs code on the server that stores it. The one place that says
 * so: add a code-running member of any family here and every save and push path refuses it.
 */
export function runsCode(kind: CodeKind, spec: unknown): boolean {
  switch (kind) {
    case 'Canary':
    case 'ScrapeConfig':
      return hasExecChecks(spec);
    case 'Topology':
      return topologyRunsCode(spec);
    case 'Playbook':
      return playbookRunsCode(spec);
    case 'Check':
      return checkRunsCode(spec);
  }
}

const ALLOWED: Record<Exclude<ExecMode, 'off'>, ReadonlySet<Role>> = {
  admin: new Set(['admin']),
  editor: new Set(['admin', 'editor']),
};

/**
 * Why `roles` may not save `spec` of kind `kind` (a canary unless told), or undefined when they
 * may. `roles: 'operator'` is someone with the server's own access (the CLI on the server),
 * refused only when exec is off.
 */
export function execWriteRefusal(
  mode: ExecMode,
  roles: readonly Role[] | 'operator',
  spec: unknown,
  kind: CodeKind = 'Canary',
): string | undefined {
  if (!runsCode(kind, spec)) return undefined;
  const noun = nounOf(kind, spec);
  if (mode === 'off') return `${noun} are turned off on this server (OPSDECK_EXEC=off); remove the ${noun}`;
  if (roles === 'operator' || roles.some((r) => ALLOWED[mode].has(r))) return undefined;
  return mode === 'admin'
    ? `only admins may save ${noun}, because they run code on the server (OPSDECK_EXEC=admin; an administrator can allow editors with OPSDECK_EXEC=editor)`
    : `saving ${noun} needs the admin or editor role, because they run code on the server (OPSDECK_EXEC=editor)`;
}

/**
 * Why an agent may not push (or have run here) `spec` of kind `kind`, or undefined: code from an
 * agent is taken only when an admin allowed that agent to run code and exec is not off here.
 */
export function agentCodeRefusal(
  mode: ExecMode,
  execAllowed: boolean,
  spec: unknown,
  kind: CodeKind,
): string | undefined {
  if (!runsCode(kind, spec)) return undefined;
  const noun = nounOf(kind, spec);
  if (mode === 'off') return `${noun} are turned off on this server (OPSDECK_EXEC=off)`;
  if (!execAllowed) {
    return `this agent may not send ${noun}, because they run code (an admin allows it with "May run code" in Settings › Agents)`;
  }
  return undefined;
}

/** The message of an exec check that does not run because exec is off. */
export const EXEC_OFF = 'exec checks are turned off on this server (OPSDECK_EXEC=off)';
