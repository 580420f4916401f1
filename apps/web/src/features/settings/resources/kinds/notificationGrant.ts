import { matchingRules, type PermissionRule } from '@opsdeck/schema/permissions';

/** A permission row naming a notification, as /api/db/permissions returns it. */
export type GrantRow = PermissionRule & { until?: string | null };

/**
 * Whether a notification rule holds `playbook:run` on its playbook through `rows` (the rows
 * naming it): an allow row in force that reaches the playbook. The server decides per run
 * (a selector row may reach some configs only); this only tells whether any grant exists.
 */
export function holdsPlaybookRun(rows: readonly GrantRow[], playbookId: string, now = new Date()): boolean {
  const live = rows.filter((r) => !r.until || new Date(r.until) > now);
  return matchingRules(live, 'playbooks', 'playbook:run', { playbook_id: playbookId }).some((r) => !r.deny);
}
