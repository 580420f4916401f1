/**
 * What the health summary's reads of "changed since the last read" share. The result writer stamps
 * each row it changes with its transaction's time (checks.state_changed_at,
 * check_statuses_1h.updated_at); a read takes the rows stamped since its previous read's time.
 * A writer's transaction that began before that read but committed after it carries a stamp from
 * before the read, so each read goes back OVERLAP_MS further; and everything is read again every
 * RESYNC_MS, so that a change missed anyway (a writer slower than the overlap, an edit by hand that
 * left the stamp alone) shows within that time.
 */

/** A flush of the result writer is one statement of at most 5,000 results, well under a second. */
export const OVERLAP_MS = 10_000;
/** How long a missed change can stay hidden at most. */
export const RESYNC_MS = 5 * 60_000;

let generation = 0;

/**
 * A number larger than every one before it, stamped on what changed: a kept reply item is written
 * again when its check's state or stats carry a generation newer than the item.
 */
export function nextGeneration(): number {
  generation += 1;
  return generation;
}

export function currentGeneration(): number {
  return generation;
}

/** When one kind of row was last read, whole and at all. */
export class ChangeMarker {
  /** The database's time of the previous read. */
  private at: Date | undefined;
  /** The summary clock's time of the previous whole read. */
  private wholeAt = 0;

  /** Where the next read starts (stamps at or after it), or undefined to read everything. */
  since(now: Date): Date | undefined {
    const t = now.getTime();
    if (!this.at || t - this.wholeAt >= RESYNC_MS || t < this.wholeAt) return undefined;
    return new Date(this.at.getTime() - OVERLAP_MS);
  }

  /** Records a read made at `dbTime` (whole when `since` gave undefined). */
  read(dbTime: Date, whole: boolean, now: Date): void {
    this.at = dbTime;
    if (whole) this.wholeAt = now.getTime();
  }
}
