import type { CanaryResource } from '@opsdeck/schema';
import type { ImportRemark, ImportSource } from '@opsdeck/schema/imports';
import type { NotificationResource } from '../notifications/spec.js';

export { IMPORT_SOURCES, type ImportRemark, type ImportSource } from '@opsdeck/schema/imports';

/**
 * A channel given by URL in the rule itself (`slack://hook:...@webhook`): for channels whose
 * source holds only a webhook URL, which OpsDeck's connection of that type cannot hold.
 */
export interface ChannelUrl {
  channelUrl: string;
  note?: string;
}

/** A connection to create, as a client would POST it to /api/db/connections. */
export interface PlannedConnection {
  name: string;
  namespace: string;
  type: string;
  url?: string;
  username?: string;
  password?: string;
  properties?: Record<string, string>;
}

/**
 * What an import would create: canaries, connections (channels and databases) and notification
 * rules, plus what cannot be carried over (`skipped`) and what changes on the way (`notes`).
 * A dry run prints it; an import stores it in one transaction.
 */
export interface ImportPlan {
  source: ImportSource;
  namespace: string;
  canaries: CanaryResource[];
  connections: PlannedConnection[];
  notifications: NotificationResource[];
  skipped: ImportRemark[];
  notes: ImportRemark[];
}

/** A source document that cannot be read at all (not JSON/YAML, not a backup). */
export class ImportInputError extends Error {}

export function emptyPlan(source: ImportSource, namespace: string): ImportPlan {
  return { source, namespace, canaries: [], connections: [], notifications: [], skipped: [], notes: [] };
}

/** A resource name (lowercase letters, digits, dashes) from a display name; `fallback` when nothing is left. */
export function slug(text: string, fallback: string): string {
  const s = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return s || fallback;
}

/** Hands out unique names: a second "api" becomes "api-2". */
export function uniqueNames(): (wanted: string) => string {
  const taken = new Set<string>();
  return (wanted) => {
    let name = wanted;
    for (let i = 2; taken.has(name); i++) name = `${wanted}-${i}`;
    taken.add(name);
    return name;
  };
}

/** A label key OpsDeck accepts from a tag or group name. */
export function labelKey(text: string): string {
  return (
    text
      .trim()
      .replace(/[^A-Za-z0-9._/-]+/g, '_')
      .slice(0, 63) || 'tag'
  );
}

/** A CEL string literal. */
export const celString = (v: string) => JSON.stringify(v);

/**
 * The rule sending a connection the failures (and, with `resolved`, the recoveries) of the named
 * canaries of the import's namespace.
 */
export function ruleFor(
  name: string,
  namespace: string,
  to: { connection: string } | { url: string },
  canaries: string[],
  opts: { resolved: boolean; waitFor?: string },
): NotificationResource {
  const names = canaries.map(celString).join(', ');
  return {
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'Notification',
    metadata: { name, namespace },
    spec: {
      events: opts.resolved ? ['check.failed', 'check.passed'] : ['check.failed'],
      filter: `canary.namespace == ${celString(namespace)} && canary.name in [${names}]`,
      to: 'connection' in to ? { connection: `connection://${namespace}/${to.connection}` } : { url: to.url },
      ...(opts.waitFor ? { waitFor: opts.waitFor } : {}),
    },
  };
}

/** A Slack incoming-webhook URL as the slack channel's URL (`slack://hook:T-B-X@webhook`), or undefined. */
export function slackHookUrl(url: string | undefined): string | undefined {
  const m = url ? /^https:\/\/hooks\.slack\.com\/services\/([^/]+)\/([^/]+)\/([^/?#]+)\/?$/.exec(url) : null;
  return m ? `slack://hook:${m[1]}-${m[2]}-${m[3]}@webhook` : undefined;
}
