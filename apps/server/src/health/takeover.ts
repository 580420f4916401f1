import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connection.js';
import { runnableCanary } from './runnable.js';
import type { CanaryRunner } from './runner.js';

/** A slot a dead worker claimed and never stored, now held by this process: the checks still to run. */
export interface OrphanedSlot {
  canaryId: string;
  slot: Date;
  next: Date;
  checkIds: string[];
}

/** A check counts for the slot once it has a stored result at or after it (a run never starts before its slot). */
const unstored = (slot: ReturnType<typeof sql>) => sql`
  c.deleted_at is null and not c.transformed
  and not exists (select 1 from check_statuses r where r.check_id = c.id and r.time >= ${slot})`;

/**
 * Moves the claims `dead` holds on slots with a check not stored yet to `owner`, and answers
 * them. Compare-and-set on `claimed_by`: of several survivors taking over the same worker at
 * once, each slot goes to exactly one (the others' update finds `claimed_by` changed and skips
 * it). A slot the others claimed since (its next run) is no longer `dead`'s and stays missed.
 */
export async function takeOverSlots(db: Db, dead: string, owner: string): Promise<OrphanedSlot[]> {
  const { rows } = await sql<{ canary_id: string; slot: Date; next: Date; check_ids: string[] }>`
    with taken as (
      update canary_schedules s set claimed_by = ${owner}, updated_at = now()
      where s.claimed_by = ${dead} and s.claimed_slot is not null
        and exists (select 1 from checks c where c.canary_id = s.canary_id and ${unstored(sql`s.claimed_slot`)})
      returning s.canary_id, s.claimed_slot, s.next_runtime)
    select t.canary_id, t.claimed_slot as slot, t.next_runtime as next, array_agg(c.id) as check_ids
    from taken t join checks c on c.canary_id = t.canary_id and ${unstored(sql`t.claimed_slot`)}
    group by t.canary_id, t.claimed_slot, t.next_runtime`.execute(db.kysely);
  return rows.map((r) => ({
    canaryId: r.canary_id,
    slot: new Date(r.slot),
    next: new Date(r.next),
    checkIds: r.check_ids,
  }));
}

/**
 * Runs the slots taken over from dead workers: each at once, or at its time when it has not come
 * yet (a claim reaches a couple of seconds ahead), with only the checks not stored for it, so a
 * result stored before the worker died is not run again.
 */
export class OrphanRunner {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly opts: {
      db: Db;
      runner: CanaryRunner;
      clock: Clock;
      owner: string;
      log?: { error(obj: unknown, msg?: string): void };
    },
  ) {}

  /** Takes over `dead`'s unfinished slots and starts them; answers how many. */
  async takeOver(dead: string): Promise<number> {
    // a process shutting down leaves the dead worker to the others
    if (this.stopped) throw new Error('takeover: this process is stopping');
    const slots = await takeOverSlots(this.opts.db, dead, this.opts.owner);
    if (!slots.length) return 0;
    const db = this.opts.db.kysely;
    const canaryIds = slots.map((s) => s.canaryId);
    const canaries = await db
      .selectFrom('canaries')
      .select(['id', 'name', 'namespace', 'labels', 'spec'])
      .where(sql<boolean>`id = any(${canaryIds}::uuid[])`)
      .where('deleted_at', 'is', null)
      .execute();
    const checks = await db
      .selectFrom('checks')
      .select(['id', 'canary_id', 'type', 'name', 'spec'])
      .where(sql<boolean>`id = any(${slots.flatMap((s) => s.checkIds)}::uuid[])`)
      .execute();
    const byId = new Map(canaries.map((c) => [c.id, c]));
    const checksOf = new Map<string, typeof checks>();
    for (const c of checks) checksOf.set(c.canary_id, [...(checksOf.get(c.canary_id) ?? []), c]);
    for (const slot of slots) {
      const row = byId.get(slot.canaryId);
      if (!row) continue;
      const canary = runnableCanary(row, checksOf.get(slot.canaryId) ?? []);
      const wait = slot.slot.getTime() - this.opts.clock.now().getTime();
      const start = () => {
        if (this.stopped) return;
        this.opts.runner
          .runScheduled(canary, slot.next)
          .catch((err) => this.opts.log?.error({ err, canary: canary.id }, 'takeover: canary run failed'));
      };
      if (wait <= 0) start();
      else {
        const t = setTimeout(() => {
          this.timers.delete(t);
          start();
        }, wait);
        this.timers.add(t);
      }
    }
    return slots.length;
  }

  /** Starts no more runs (those running finish; the runner's `idle` waits for them). */
  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
