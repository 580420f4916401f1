import { requireDuration } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { maintenanceIn } from '../maintenance/suppress.js';
import { loadMaintenanceWindows, type MaintenanceWindow } from '../maintenance/windows.js';
import type { EventResource } from './resources.js';
import { loadActiveSilences, matchSilence, type SilenceRow } from './silences.js';
import type { SendStatus } from './tables.js';

/** Why an event produced no send: the status recorded instead, and what it points at. */
export interface Blocked {
  status: Extract<SendStatus, 'repeat-interval' | 'silenced' | 'inhibited'>;
  parentId?: string;
  silencedBy?: string;
  maintenanceWindowId?: string;
}

export interface RuleConstraints {
  id: string;
  repeat_interval: string | null;
  inhibitions: unknown;
}

interface SentRow {
  id: string;
  notification_id: string;
  source_event: string;
  resource_id: string;
  created_at: Date;
}

/**
 * What the constraints of a batch of events read, loaded once per batch: the active silences,
 * and the latest `sent` rows of the batch's rules with a repeat interval for its resources.
 * Dispatch writes only pending rows, so nothing a batch writes changes these answers.
 */
export class ConstraintData {
  private constructor(
    readonly silences: SilenceRow[],
    private readonly sent: Map<string, SentRow>,
    readonly maintenance: MaintenanceWindow[],
  ) {}

  static async load(
    db: Executor,
    rules: readonly RuleConstraints[],
    resourceIds: readonly string[],
    now: Date,
  ): Promise<ConstraintData> {
    const silences = await loadActiveSilences(db, now);
    const repeating = rules.filter((r) => r.repeat_interval);
    const sent = new Map<string, SentRow>();
    if (repeating.length && resourceIds.length) {
      const longest = Math.max(
        ...repeating.map((r) => requireDuration(r.repeat_interval as string, { bareSeconds: true })),
      );
      const { rows } = await sql<SentRow>`
        select id, notification_id, source_event, resource_id, created_at from notification_send_history
        where notification_id = any(${sql.val(repeating.map((r) => r.id))}::uuid[]) and status = 'sent'
          and resource_id = any(${sql.val([...new Set(resourceIds)])}::uuid[])
          and created_at >= ${new Date(now.getTime() - longest)}
        order by created_at desc`.execute(db);
      for (const r of rows) {
        const key = `${r.notification_id}\n${r.source_event}\n${r.resource_id}`;
        if (!sent.has(key)) sent.set(key, r);
      }
    }
    return new ConstraintData(silences, sent, await loadMaintenanceWindows(db));
  }

  /** The latest sent row of the rule, event and resource since `since`. */
  lastSent(ruleId: string, event: string, resourceId: string, since: Date): string | null {
    const row = this.sent.get(`${ruleId}\n${event}\n${resourceId}`);
    return row && row.created_at.getTime() >= since.getTime() ? row.id : null;
  }
}

/**
 * Mission Control's constraint order: (1) repeat interval: a `sent` row of the same rule, event
 * and resource (or group) inside the interval blocks it as `repeat-interval`, pointing at that
 * row; (2) an active matching silence, or a maintenance window in force over the resource, blocks
 * it as `silenced`; (3) inhibition, which the
 * reference applies to config items through their relationships only. Returns null when the
 * send may go ahead. A group's repeat lookup uses notification_send_history_repeat_idx.
 */
export async function checkConstraints(
  db: Executor,
  data: ConstraintData,
  rule: RuleConstraints,
  resource: EventResource,
  event: string,
  env: Record<string, unknown>,
  now: Date,
  groupId: string | null,
): Promise<Blocked | null> {
  if (rule.repeat_interval) {
    const since = new Date(now.getTime() - requireDuration(rule.repeat_interval, { bareSeconds: true }));
    let parentId = groupId ? null : data.lastSent(rule.id, event, resource.id, since);
    if (groupId) {
      const { rows } = await sql<{ id: string }>`
        select id from notification_send_history
        where notification_id = ${rule.id} and source_event = ${event} and status = 'sent'
          and group_id = ${groupId} and created_at >= ${since}
        order by created_at desc limit 1`.execute(db);
      parentId = rows[0]?.id ?? null;
    }
    if (parentId) return { status: 'repeat-interval', parentId };
  }
  const silence = matchSilence(data.silences, resource, env);
  if (silence) return { status: 'silenced', silencedBy: silence };
  // a resource under a maintenance window keeps running, but its news is kept quiet
  const maintenance = maintenanceIn(data.maintenance, resource, now);
  if (maintenance) return { status: 'silenced', maintenanceWindowId: maintenance };
  // Inhibition needs config relationships (catalog domain); until they exist, nothing is inhibited.
  return null;
}
