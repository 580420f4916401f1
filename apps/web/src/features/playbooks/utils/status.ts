/** Run and action statuses and how the UI colours them. */

export const RUN_STATUSES = [
  'scheduled',
  'running',
  'pending_approval',
  'sleeping',
  'retrying',
  'waiting',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;

const FINAL = new Set(['completed', 'failed', 'cancelled', 'timed_out']);

export const isFinal = (status: string) => FINAL.has(status);

/** Tailwind classes of a status badge: green, red, orange, blue or grey. */
export function statusTone(status: string): string {
  if (status === 'completed') return 'bg-green-100 text-green-800';
  if (status === 'failed' || status === 'cancelled' || status === 'timed_out') return 'bg-red-100 text-red-800';
  if (status === 'pending_approval' || status === 'waiting' || status === 'waiting_children')
    return 'bg-orange-100 text-orange-800';
  if (status === 'running' || status === 'retrying') return 'bg-blue-100 text-blue-800';
  return 'bg-zinc-100 text-zinc-700';
}

/** `pending_approval` -> `Pending Approval`. */
export const statusLabel = (status: string) =>
  status
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** `1m 5s`, `850ms`, or '' when it has not started. */
export function duration(from: string | null | undefined, to: string | null | undefined, now = Date.now()): string {
  if (!from) return '';
  const ms = (to ? Date.parse(to) : now) - Date.parse(from);
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${ms}ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${s % 60}s`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}

/** Result tabs of an action in the run page's order: stdout/logs, stderr, others, artifacts last. */
export function resultTabs(result: Record<string, unknown> | null): string[] {
  const keys = Object.keys(result ?? {}).filter((k) => {
    const v = result?.[k];
    return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
  });
  const rank = (k: string) => (k === 'stdout' || k === 'logs' || k === 'lines' ? 0 : k === 'stderr' ? 1 : 2);
  return keys.filter((k) => k !== 'columns' && k !== 'exitCode').sort((a, b) => rank(a) - rank(b));
}

/**
 * Whether the Approve button is worth showing to `email`: listed by email, or the run names teams
 * (membership is the server's to check). The server decides either way.
 */
export function mayApprove(
  approvers: { people?: string[]; teams?: string[] } | undefined,
  email: string | null | undefined,
): boolean {
  if (!approvers) return false;
  if (approvers.teams?.length) return true;
  return !!email && (approvers.people ?? []).some((p) => p.toLowerCase() === email.toLowerCase());
}
