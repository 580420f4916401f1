import type { Executor } from '../events/queue.js';
import type { EventResource } from '../notifications/resources.js';
import { coveringWindow, loadMaintenanceWindows, type MaintenanceTarget } from './windows.js';

const TARGETS: Partial<Record<EventResource['kind'], MaintenanceTarget>> = {
  check: 'check',
  component: 'component',
  config: 'config',
};

/**
 * The maintenance window in force at `now` over the event's resource, or null: its notifications
 * are recorded as silenced and not sent. Incidents are about people's work and never suppressed.
 */
export async function maintenanceFor(db: Executor, resource: EventResource, now: Date): Promise<string | null> {
  if (!TARGETS[resource.kind]) return null;
  return maintenanceIn(await loadMaintenanceWindows(db), resource, now);
}

/** The window of `windows` in force at `now` over the event's resource, or null (windows loaded once per batch). */
export function maintenanceIn(
  windows: Awaited<ReturnType<typeof loadMaintenanceWindows>>,
  resource: EventResource,
  now: Date,
): string | null {
  const target = TARGETS[resource.kind];
  if (!target || windows.length === 0) return null;
  const own = resource.vars[resource.kind] as { namespace?: string } | undefined;
  const item = {
    id: resource.id,
    name: resource.name,
    namespace: own?.namespace ?? resource.labels.namespace ?? null,
    type: resource.type ?? '',
    labels: resource.labels,
  };
  return coveringWindow(windows, target, item, now)?.id ?? null;
}
