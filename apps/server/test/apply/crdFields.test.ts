import { describe, expect, it } from 'vitest';
import { APPLY_KINDS } from '../../src/apply/registry.js';
import { ResourceValidationError } from '../../src/resourceYaml.js';

// Every property the Mission Control CRDs (mission-control.flanksource.com/v1, config/crds/) give
// the kinds applied here is either accepted or refused with its path and a reason, never an
// "unknown field": a field cannot silently go missing. The table lists the CRDs' property paths.

const SELECTOR = [
  'agent',
  'cache',
  'fieldSelector',
  'health',
  'id',
  'includeDeleted',
  'labelSelector',
  'limit',
  'name',
  'namespace',
  'scope',
  'search',
  'statuses',
  'tagSelector',
  'types',
];
const ENV_VAR = [
  'name',
  'value',
  'valueFrom.configMapKeyRef',
  'valueFrom.helmRef',
  'valueFrom.secretKeyRef',
  'valueFrom.serviceAccount',
];
const under = (prefix: string, fields: string[]) => fields.map((f) => `${prefix}.${f}`);

const CRD_PATHS: Record<string, string[]> = {
  Notification: [
    'spec.events',
    ...under('spec.fallback', ['connection', 'delay', 'email', 'person', 'playbook', 'properties', 'team', 'url']),
    'spec.filter',
    'spec.groupBy',
    'spec.groupByInterval',
    ...under('spec.inhibitions[0]', ['depth', 'direction', 'from', 'soft', 'to']),
    'spec.repeatInterval',
    'spec.template',
    'spec.title',
    ...under('spec.to', ['connection', 'email', 'person', 'playbook', 'properties', 'team', 'url']),
    'spec.waitFor',
    'spec.waitForEvalPeriod',
  ],
  NotificationSilence: [
    'spec.description',
    'spec.filter',
    'spec.from',
    'spec.recursive',
    ...under('spec.selectors[0]', SELECTOR),
    'spec.until',
  ],
  Permission: [
    'spec.actions',
    'spec.agents',
    'spec.deny',
    'spec.description',
    ...['components', 'configs', 'connections', 'playbooks', 'plugins'].flatMap((k) =>
      under(`spec.object.${k}[0]`, SELECTOR),
    ),
    'spec.object.mcp',
    ...under('spec.object.scopes[0]', ['id', 'name', 'namespace']),
    ...under('spec.object.views[0]', ['id', 'name', 'namespace']),
    ...under('spec.subject', [
      'canary',
      'group',
      'notification',
      'person',
      'playbook',
      'plugin',
      'scraper',
      'team',
      'topology',
    ]),
    'spec.tags',
  ],
  PermissionGroup: ['spec.name', ...under('spec.notifications[0]', ['name', 'namespace']), 'spec.people', 'spec.teams'],
  Team: ['spec.displayName', 'spec.icon', 'spec.members'],
  IncidentRule: [
    'spec.autoAssignOwner',
    'spec.autoClose.timeout',
    'spec.autoResolve.timeout',
    'spec.breakOnMatch',
    ...under('spec.components[0]', [
      'agent',
      'fieldSelector',
      'id',
      'labelSelector',
      'name',
      'namespace',
      'statuses',
      'types',
    ]),
    ...under('spec.filter', ['age', 'category', 'severity', 'status']),
    ...under('spec.hoursOfOperation[0]', ['end', 'negate', 'start']),
    'spec.name',
    'spec.priority',
    ...under('spec.responders', [
      'ams',
      'aws',
      'email',
      'gcp',
      'github',
      'jira',
      'servicenow',
      'slack',
      'teams',
      'teamsUser',
    ]),
    ...under('spec.template', [
      'commander_id',
      'communicator_id',
      'created_by',
      'description',
      'severity',
      'status',
      'title',
      'type',
    ]),
  ],
  Scope: [
    'spec.description',
    ...['*', 'canary', 'component', 'config', 'playbook'].flatMap((t) =>
      under(`spec.targets[1].${t}`, ['agent', 'name', 'tagSelector']),
    ),
  ],
  Connection: [
    ...['certificate', 'password', 'url', 'username'].flatMap((f) => under(`spec.${f}`, ENV_VAR)),
    'spec.type',
    ...under('spec.aws', ['accessKey', 'insecureTLS', 'profile', 'region', 'secretKey']),
    ...under('spec.azure', ['clientID', 'clientSecret', 'tenantID']),
    ...under('spec.azureDevops', ['organization', 'personalAccessToken']),
    ...under('spec.discord', ['token', 'webhookID']),
    'spec.folder.path',
    'spec.gcp.certificate',
    ...under('spec.smb', ['password', 'server', 'share', 'username']),
    ...under('spec.smtp', [
      'auth',
      'encryption',
      'fromAddress',
      'host',
      'insecureTLS',
      'password',
      'port',
      'subject',
      'toAddresses',
      'username',
    ]),
    ...under('spec.telegram', ['chats', 'token']),
  ],
};

const BASE: Record<string, Record<string, unknown>> = {
  Notification: { events: ['check.failed'], to: { email: 'a@example.com' } },
  NotificationSilence: { filter: 'true' },
  Permission: { actions: ['read'], subject: { team: 'sre' }, object: { playbooks: [{ name: 'x' }] } },
  PermissionGroup: { name: 'g' },
  Team: {},
  IncidentRule: {},
  Scope: { targets: [{ config: { name: 'x' } }] },
  Connection: { type: 'http' },
};

const UUID = '00000000-0000-4000-8000-000000000001';
/** A plausible value for a leaf, by its name (what a real file would hold). */
function sample(path: string): unknown {
  const leaf = path.split('.').at(-1) ?? '';
  if (/^(deny|recursive|includeDeleted|mcp|negate|breakOnMatch|autoAssignOwner|soft|insecureTLS)$/.test(leaf))
    return true;
  if (/^(limit|priority|depth|port)$/.test(leaf)) return 3;
  if (/^(timeout|age)$/.test(leaf)) return 300_000_000_000;
  if (/^(actions)$/.test(leaf)) return ['read'];
  if (/^(statuses|types|members|people|teams|category|toAddresses|groupBy)$/.test(leaf)) return ['x'];
  if (leaf === 'events') return ['check.passed'];
  if (leaf === 'severity') return path.includes('filter') ? ['high'] : 'high';
  if (leaf === 'status') return path.includes('filter') ? ['unhealthy'] : 'open';
  if (leaf === 'type') return path.startsWith('spec.template') ? 'availability' : 'http';
  if (leaf === 'to' && path.includes('inhibitions')) return ['Kubernetes::Pod'];
  if (leaf === 'direction') return 'outgoing';
  if (/^(id|commander_id|communicator_id|created_by)$/.test(leaf)) return UUID;
  if (/^(start|end)$/.test(leaf)) return '09:00';
  if (/^(delay|repeatInterval|waitFor|waitForEvalPeriod|groupByInterval)$/.test(leaf)) return '5m';
  if (/^(email|person)$/.test(leaf)) return 'a@example.com';
  if (leaf === 'properties') return { k: 'v' };
  if (/^(configMapKeyRef|secretKeyRef|helmRef)$/.test(leaf)) return { name: 'other', key: 'password' };
  if (leaf === 'url' && path.startsWith('spec.to')) return 'slack://token@channel';
  if (leaf === 'connection') return 'connection://ops/hooks';
  if (leaf === 'filter') return 'true';
  if (
    [
      'accessKey',
      'secretKey',
      'clientID',
      'clientSecret',
      'tenantID',
      'personalAccessToken',
      'certificate',
      'chats',
    ].includes(leaf)
  )
    return { value: 'x' };
  return 'x';
}

/** Sets `path` (dots and [i]) in `doc`, creating objects and arrays on the way. */
function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.').flatMap((p) => {
    const m = /^(.*)\[(\d+)\]$/.exec(p);
    return m ? [m[1] as string, Number(m[2])] : [p];
  });
  let at: Record<string | number, unknown> = doc;
  keys.forEach((k, i) => {
    if (i === keys.length - 1) {
      at[k] = value;
      return;
    }
    const next = keys[i + 1];
    if (at[k] === undefined || at[k] === null) at[k] = typeof next === 'number' ? [] : {};
    if (typeof next === 'number' && Array.isArray(at[k])) {
      const list = at[k] as unknown[];
      while (list.length <= next) list.push({});
    }
    at = at[k] as Record<string | number, unknown>;
  });
}

const rows = Object.entries(CRD_PATHS).flatMap(([kind, paths]) => paths.map((path) => ({ kind, path })));

describe('Mission Control CRD properties', () => {
  it.each(rows)('$kind $path is accepted or refused with a reason', ({ kind, path }) => {
    const doc: Record<string, unknown> = {
      apiVersion: 'mission-control.flanksource.com/v1',
      kind,
      metadata: { name: 'n', namespace: 'ops' },
      spec: structuredClone(BASE[kind]),
    };
    setPath(doc, path, sample(path));
    try {
      APPLY_KINDS[kind]?.validate(doc);
    } catch (err) {
      if (!(err instanceof ResourceValidationError)) throw err;
      for (const issue of err.issues) {
        expect(issue.message, `${issue.path}`).not.toBe('unknown field');
        // a refusal of the field itself says why (a sibling the sample leaves out may just be required)
        if (issue.path.startsWith(path))
          expect(issue.message.length, `${issue.path}: ${issue.message}`).toBeGreaterThan(15);
      }
    }
  });
});
