/**
 * In-process wake-up of the playbook workers: the API calls `wakePlaybookWorkers()` after it
 * schedules work so a worker in the same process starts now instead of at its next poll (other
 * processes find the rows by polling). Workers remove their listener when they stop.
 */
const listeners = new Set<() => void>();

export function onPlaybookWork(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function wakePlaybookWorkers(): void {
  for (const fn of listeners) fn();
}
