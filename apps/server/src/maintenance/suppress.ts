import type { EventResource } from '../notifications/resources.js';
import { coveringWindow, type MaintenanceTarget, type MaintenanceWindow } from './windows.js';

const TARGETS: Partial<Record<EventResource['kind'], MaintenanceTarget>> = {
  check: 'check',
  component: 'component',
  config: 'config',
};

/**
 * The maintenance window of `windows` (loaded once per dispatch batch) in force at `now` over the
 * event's resource, or null: its notifications are recorded as silenced and not sent.
 */
export function maintenanceIn(windows: MaintenanceWindow[], resource: EventResource, now: Date): string | null {
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
