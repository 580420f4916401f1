import type { CanaryResource } from '@opsdeck/schema';
import { parse } from 'yaml';
import { isAliasBomb, MAX_ALIAS_COUNT } from '../../yamlAliases.js';
import { canaryProblem, connectionProblem, keepValidRules } from '../finish.js';
import {
  emptyPlan,
  ImportInputError,
  type ImportPlan,
  type PlannedConnection,
  ruleFor,
  slug,
  uniqueNames,
} from '../plan.js';
import { gatusChannel } from './alerting.js';
import { type GatusAlert, type GatusEndpoint, gatusCheck, goSeconds } from './endpoints.js';

interface GatusConfig {
  endpoints?: GatusEndpoint[];
  'external-endpoints'?: Array<{ name?: string; group?: string; token?: string; enabled?: boolean }>;
  alerting?: Record<string, Record<string, unknown> | null>;
}

function parseConfig(text: string): GatusConfig {
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    if (isAliasBomb(err)) throw new ImportInputError('not a Gatus configuration: too many YAML alias expansions');
    throw new ImportInputError(`not a Gatus configuration: invalid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const config = doc as GatusConfig | null;
  if (
    !config ||
    typeof config !== 'object' ||
    (!Array.isArray(config.endpoints) && !Array.isArray(config['external-endpoints']))
  ) {
    throw new ImportInputError('not a Gatus configuration: it has no endpoints');
  }
  return config;
}

const SOURCE_LABEL = { 'opsdeck.io/imported-from': 'gatus' };

interface RuleGroup {
  type: string;
  resolved: boolean;
  waitFor?: string;
  canaries: string[];
}

/**
 * Plans the import of a Gatus configuration file: one canary per endpoint (its interval, group as
 * a label, conditions as the check's CEL test), external endpoints as webhook (push) checks, one
 * connection per alerting provider, and notification rules per provider, threshold and
 * send-on-resolved that send the failures of the endpoints alerting through it.
 */
export function planGatusImport(text: string, namespace = 'gatus'): ImportPlan {
  const config = parseConfig(text);
  const plan = emptyPlan('gatus', namespace);
  const canaryName = uniqueNames();
  const rules = new Map<string, RuleGroup>();
  const add = (
    item: string,
    name: string,
    interval: number,
    type: string,
    check: Record<string, unknown>,
    e: { group?: string; enabled?: boolean },
  ) => {
    const canary = {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name, namespace, labels: { ...SOURCE_LABEL } },
      spec: {
        interval,
        ...(e.enabled === false ? { replicas: 0 } : {}),
        [type]: [{ ...check, ...(e.group ? { labels: { group: e.group } } : {}) }],
      },
    } as unknown as CanaryResource;
    const problem = canaryProblem(canary);
    if (problem) {
      plan.skipped.push({ item, message: problem });
      return false;
    }
    plan.canaries.push(canary);
    return true;
  };
  for (const e of config.endpoints ?? []) {
    const item = `endpoint "${e.name ?? e.url ?? '?'}"`;
    const mapped = gatusCheck(e);
    if ('skip' in mapped) {
      plan.skipped.push({ item, message: mapped.skip });
      continue;
    }
    const interval = Math.max(1, Math.round(goSeconds(e.interval) ?? 60));
    const name = canaryName(slug([e.group, e.name].filter(Boolean).join('-'), `endpoint-${plan.canaries.length + 1}`));
    if (!add(item, name, interval, mapped.type, { name: e.name || name, ...mapped.check }, e)) continue;
    for (const note of mapped.notes) plan.notes.push({ item, message: note });
    for (const alert of e.alerts ?? []) collectAlert(plan, rules, config, alert, name, interval, item);
  }
  for (const x of config['external-endpoints'] ?? []) {
    const item = `external endpoint "${x.name ?? '?'}"`;
    const token = x.token ?? '';
    if (!/^[A-Za-z0-9_-]{10,128}$/.test(token)) {
      plan.skipped.push({ item, message: 'its token is not one OpsDeck can keep (10-128 letters, digits, - or _)' });
      continue;
    }
    const name = canaryName(slug([x.group, x.name].filter(Boolean).join('-'), `external-${plan.canaries.length + 1}`));
    if (add(item, name, 60, 'webhook', { name: x.name || name, token: { value: token }, maxAge: 3600 }, x)) {
      plan.notes.push({
        item,
        message: `report with POST <OpsDeck>/api/push/${token}?status=up (or down) instead of Gatus's external endpoint API; it fails after an hour without a report`,
      });
    }
  }
  planChannels(plan, config, rules);
  keepValidRules(plan);
  return plan;
}

function collectAlert(
  plan: ImportPlan,
  rules: Map<string, RuleGroup>,
  config: GatusConfig,
  alert: GatusAlert,
  canary: string,
  interval: number,
  item: string,
): void {
  const type = alert.type ?? '';
  const defaults = (config.alerting?.[type]?.['default-alert'] ?? {}) as GatusAlert;
  const enabled = alert.enabled ?? defaults.enabled ?? true;
  if (!enabled) return;
  const threshold = alert['failure-threshold'] ?? defaults['failure-threshold'] ?? 3;
  const resolved = alert['send-on-resolved'] ?? defaults['send-on-resolved'] ?? false;
  const wait = Math.max(0, threshold - 1) * interval;
  const waitFor = wait > 0 ? `${wait}s` : undefined;
  const key = `${type}|${resolved}|${waitFor ?? ''}`;
  const group = rules.get(key) ?? { type, resolved, waitFor, canaries: [] };
  group.canaries.push(canary);
  rules.set(key, group);
  if (threshold > 1) {
    plan.notes.push({
      item,
      message: `its ${type} alert fires after ${threshold} failures in Gatus; OpsDeck waits ${waitFor} for the failure to hold before sending`,
    });
  }
}

function planChannels(plan: ImportPlan, config: GatusConfig, rules: Map<string, RuleGroup>): void {
  const connectionName = uniqueNames();
  const made = new Map<string, { name: string; to: { connection: string } | { url: string } }>(); // by provider type
  for (const [type, provider] of Object.entries(config.alerting ?? {})) {
    const item = `alerting provider "${type}"`;
    const mapped = gatusChannel(type, provider ?? {});
    if ('skip' in mapped) {
      plan.skipped.push({ item, message: mapped.skip });
      continue;
    }
    if (mapped.note) plan.notes.push({ item, message: mapped.note });
    const name = connectionName(slug(`gatus-${type}`, 'gatus'));
    if ('channelUrl' in mapped) {
      made.set(type, { name, to: { url: mapped.channelUrl } });
      continue;
    }
    const { note: _note, ...fields } = mapped;
    const connection: PlannedConnection = { name, namespace: plan.namespace, ...fields };
    const problem = connectionProblem(connection);
    if (problem) {
      plan.skipped.push({ item, message: `its channel cannot be stored: ${problem}` });
      continue;
    }
    plan.connections.push(connection);
    made.set(type, { name, to: { connection: name } });
  }
  const ruleName = uniqueNames();
  for (const group of rules.values()) {
    const channel = made.get(group.type);
    if (!channel) {
      plan.skipped.push({
        item: `${group.type} alerts of ${group.canaries.length} endpoint(s)`,
        message: `no usable alerting.${group.type} provider in the file`,
      });
      continue;
    }
    const name = ruleName(
      slug(
        `${channel.name}${group.resolved ? '-resolved' : ''}${group.waitFor ? `-after-${group.waitFor}` : ''}`,
        channel.name,
      ),
    );
    plan.notifications.push(
      ruleFor(name, plan.namespace, channel.to, group.canaries, { resolved: group.resolved, waitFor: group.waitFor }),
    );
  }
}
