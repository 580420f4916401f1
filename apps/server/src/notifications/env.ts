import type { EventResource } from './resources.js';

/**
 * The variables a notification template may also call as functions, as upstream templates do
 * (`{{ slackSectionTextMD check_status.error }}`, `{{ if eq channel "slack" }}`).
 */
export const TEMPLATE_VARIABLES = [
  'check',
  'canary',
  'check_status',
  'config',
  'component',
  'incident',
  'resource',
  'permalink',
  'channel',
  'source_event',
  'event_time',
  'agent',
  'new_state',
  'groupedResources',
] as const;

/**
 * The variables rule filters (CEL) and templates see, named as in Mission Control: the resource's
 * own (check, canary, check_status, config, component, incident), plus permalink, channel,
 * source_event, event_time, agent, resource and new_state.
 */
export function buildEnv(
  resource: EventResource,
  event: { name: string; createdAt: Date },
  opts: { publicUrl?: string | undefined; channel?: string },
): Record<string, unknown> {
  const base = opts.publicUrl?.replace(/\/+$/, '') ?? '';
  const path =
    resource.kind === 'check'
      ? `/health?checkId=${resource.id}`
      : resource.kind === 'config'
        ? `/catalog/${resource.id}`
        : resource.kind === 'component'
          ? `/topology/${resource.id}`
          : resource.kind === 'incident'
            ? `/incidents/${resource.id}`
            : '';
  return {
    ...resource.vars,
    permalink: base && path ? `${base}${path}` : '',
    channel: opts.channel ?? '',
    source_event: event.name,
    event_time: event.createdAt.toISOString(),
    agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
    new_state: resource.status ?? '',
    resource: {
      id: resource.id,
      kind: resource.kind,
      name: resource.name,
      type: resource.type ?? '',
      status: resource.status ?? '',
      health: resource.health ?? '',
      labels: resource.labels,
    },
  };
}
