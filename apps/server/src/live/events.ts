import type { Resource } from '../rbac/resources.js';

/**
 * What travels on the live stream. Each event names the resource whose read permission decides
 * who receives it, so a stream delivers exactly what its holder could read through the API.
 */
export interface LiveEvent {
  /** SSE event name: check.results, check.transition, incident, playbook_run. */
  type: string;
  data: Record<string, unknown>;
}

/** The read permission behind each event type; an unknown type is never delivered. */
const RESOURCE_OF: Record<string, Resource> = {
  'check.results': 'canaries',
  'check.transition': 'canaries',
  incident: 'incident',
  playbook_run: 'playbook_runs',
};

export function resourceOf(type: string): Resource | undefined {
  return RESOURCE_OF[type];
}

/** An event numbered by this process's hub, framed once for every stream that receives it. */
export interface NumberedEvent {
  seq: number;
  resource: Resource;
  frame: string;
}

/** Parses a NOTIFY payload into an event; undefined for anything malformed or unknown. */
export function parseNotification(payload: string | undefined): LiveEvent | undefined {
  if (!payload) return undefined;
  try {
    const value = JSON.parse(payload) as { type?: unknown; events?: unknown };
    if (typeof value.type !== 'string' || !resourceOf(value.type)) return undefined;
    const { type, ...data } = value as Record<string, unknown> & { type: string };
    return { type, data };
  } catch {
    return undefined;
  }
}
