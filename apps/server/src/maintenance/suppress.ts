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
  const target = TARGETS[resource.kind];
  if (!target) return null;
  const windows = await loadMaintenanceWindows(db);
  if (windows.length === 0) return null;
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
