import type { MaintenanceSpec, ResourceSelector } from '@opsdeck/schema';
import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { matchesSelector, type Selectable } from '../incidents/rules/selector.js';
import { occurrences, type ParsedWindow, parseMaintenanceSpec } from './spec.js';

/** What a maintenance window covers. */
export type MaintenanceTarget = 'check' | 'component' | 'config';

/** A live maintenance window, parsed. */
export interface MaintenanceWindow {
  id: string;
  name: string;
  description: string;
  spec: MaintenanceSpec;
  window: ParsedWindow;
}

interface WindowRow {
  id: string;
  name: string;
  description: string;
  spec: unknown;
  created_at: Date;
}

/**
 * Every live window. A row whose spec no longer parses (written before a rule changed) is left
 * out rather than failing the notification or rule run that asked.
 */
export async function loadMaintenanceWindows(db: Executor): Promise<MaintenanceWindow[]> {
  const { rows } = await sql<WindowRow>`
    select id, name, description, spec, created_at from maintenance_windows where deleted_at is null order by name`.execute(
    db,
  );
  const out: MaintenanceWindow[] = [];
  for (const r of rows) {
    try {
      const { spec, window: parsed } = parseMaintenanceSpec(r.spec);
      // a recurring window without a start recurs from when it was made, never back over history
      const window =
        parsed.kind === 'cron' && parsed.start === undefined
          ? { ...parsed, start: new Date(r.created_at).getTime() }
          : parsed;
      out.push({ id: r.id, name: r.name, description: r.description, spec, window });
    } catch {
      // skipped: the editor shows the 400 when the row is next saved
    }
  }
  return out;
}

function selectorsFor(w: MaintenanceWindow, target: MaintenanceTarget): ResourceSelector[] {
  if (target === 'check') return w.spec.checks ?? [];
  if (target === 'component') return w.spec.components ?? [];
  return w.spec.configs ?? [];
}

/** Whether the window's selectors for `target` match `item`. */
export function windowCovers(w: MaintenanceWindow, target: MaintenanceTarget, item: Selectable): boolean {
  return selectorsFor(w, target).some((s) => matchesSelector(s, item));
}

/** Whether the window is in force at `at`. */
export function windowActiveAt(w: MaintenanceWindow, at: Date): boolean {
  const t = at.getTime();
  return occurrences(w.window, t, t + 1).length > 0;
}

/** The first window in force at `at` that covers `item`, or null. */
export function coveringWindow(
  windows: MaintenanceWindow[],
  target: MaintenanceTarget,
  item: Selectable,
  at: Date,
): MaintenanceWindow | null {
  return windows.find((w) => windowCovers(w, target, item) && windowActiveAt(w, at)) ?? null;
}
