import type { CanaryResource } from '@opsdeck/schema';
import { canaryProblem, connectionProblem, keepValidRules } from '../finish.js';
import {
  emptyPlan,
  ImportInputError,
  type ImportPlan,
  labelKey,
  type PlannedConnection,
  ruleFor,
  slug,
  uniqueNames,
} from '../plan.js';
import { type KumaMonitor, kumaCheck } from './monitors.js';
import { type KumaNotificationConfig, kumaChannel } from './notifications.js';

interface KumaNotification {
  id?: number;
  name?: string;
  active?: boolean | number;
  config?: string;
}

interface KumaBackup {
  version?: string;
  notificationList?: KumaNotification[];
  monitorList: KumaMonitor[];
}

function parseBackup(text: string): KumaBackup {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new ImportInputError('not an Uptime Kuma backup: the file is not JSON');
  }
  if (!doc || typeof doc !== 'object' || !Array.isArray((doc as KumaBackup).monitorList)) {
    throw new ImportInputError('not an Uptime Kuma backup: it has no monitorList');
  }
  const backup = doc as KumaBackup;
  if (backup.notificationList !== undefined && !Array.isArray(backup.notificationList)) {
    throw new ImportInputError('not an Uptime Kuma backup: notificationList is not a list');
  }
  return backup;
}

const SOURCE_LABEL = { 'opsdeck.io/imported-from': 'uptime-kuma' };

/**
 * Plans the import of an Uptime Kuma backup (Settings > Backup > Export, JSON): one canary per
 * monitor (its interval, retries, tags and group as labels, paused monitors with replicas 0),
 * connections for database monitors and for notifications, and one rule per notification sending
 * the failures and recoveries of the monitors that used it.
 */
export function planKumaImport(text: string, namespace = 'kuma'): ImportPlan {
  const backup = parseBackup(text);
  const plan = emptyPlan('kuma', namespace);
  const canaryName = uniqueNames();
  const connectionName = uniqueNames();
  const groups = new Map<number, string>();
  for (const m of backup.monitorList)
    if (m.type === 'group' && typeof m.id === 'number') groups.set(m.id, m.name ?? '');
  const users = new Map<string, string[]>(); // notification id -> canary names
  for (const m of backup.monitorList) {
    const item = `monitor "${m.name ?? m.id ?? '?'}"`;
    const interval = Math.max(20, Math.round(m.interval ?? 60));
    const mapped = kumaCheck(m, interval);
    if ('skip' in mapped) {
      plan.skipped.push({ item, message: mapped.skip });
      continue;
    }
    const name = canaryName(slug(m.name ?? '', `monitor-${m.id ?? plan.canaries.length + 1}`));
    const labels: Record<string, string> = {};
    for (const t of m.tags ?? []) if (t.name) labels[labelKey(t.name)] = t.value || 'true';
    if (m.parent && groups.has(m.parent)) labels.group = groups.get(m.parent) || String(m.parent);
    const check: Record<string, unknown> = {
      name: m.name || name,
      ...(m.description ? { description: m.description } : {}),
      ...(Object.keys(labels).length ? { labels } : {}),
      ...(m.timeout && m.timeout > 0 && mapped.type !== 'webhook' ? { timeout: m.timeout } : {}),
      ...(m.maxretries && m.maxretries > 0
        ? { retries: { maxRetries: Math.min(100, m.maxretries), interval: `${m.retryInterval || interval}s` } }
        : {}),
      ...mapped.check,
    };
    let connection: PlannedConnection | undefined;
    if (mapped.connection) {
      connection = { name: connectionName(`${name}-db`), namespace, ...mapped.connection };
      const problem = connectionProblem(connection);
      if (problem) {
        plan.skipped.push({ item, message: `its connection cannot be stored: ${problem}` });
        continue;
      }
      check.connection = `connection://${namespace}/${connection.name}`;
    }
    const canary: CanaryResource = {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name, namespace, labels: { ...SOURCE_LABEL } },
      spec: { interval, ...(m.active === false || m.active === 0 ? { replicas: 0 } : {}), [mapped.type]: [check] },
    } as CanaryResource;
    const problem = canaryProblem(canary);
    if (problem) {
      plan.skipped.push({ item, message: problem });
      continue;
    }
    if (connection) plan.connections.push(connection);
    plan.canaries.push(canary);
    for (const note of mapped.notes) plan.notes.push({ item, message: note });
    if (canary.spec.replicas === 0) plan.notes.push({ item, message: 'paused in Kuma: imported paused (replicas 0)' });
    for (const [id, on] of Object.entries(m.notificationIDList ?? {})) {
      if (on) users.set(id, [...(users.get(id) ?? []), name]);
    }
  }
  for (const n of backup.notificationList ?? []) planNotification(plan, n, users, connectionName);
  keepValidRules(plan);
  return plan;
}

function planNotification(
  plan: ImportPlan,
  n: KumaNotification,
  users: Map<string, string[]>,
  connectionName: (wanted: string) => string,
): void {
  const item = `notification "${n.name ?? n.id ?? '?'}"`;
  let config: KumaNotificationConfig;
  try {
    config = JSON.parse(n.config ?? '{}') as KumaNotificationConfig;
  } catch {
    plan.skipped.push({ item, message: 'its config is not JSON' });
    return;
  }
  const mapped = kumaChannel(config);
  if ('skip' in mapped) {
    plan.skipped.push({ item, message: mapped.skip });
    return;
  }
  if (mapped.note) plan.notes.push({ item, message: mapped.note });
  let to: { connection: string } | { url: string };
  const ruleName = connectionName(slug(n.name ?? '', `notification-${n.id ?? 1}`));
  if ('channelUrl' in mapped) {
    to = { url: mapped.channelUrl };
  } else {
    const { note: _note, ...fields } = mapped;
    const connection: PlannedConnection = { name: ruleName, namespace: plan.namespace, ...fields };
    const problem = connectionProblem(connection);
    if (problem) {
      plan.skipped.push({ item, message: `its channel cannot be stored: ${problem}` });
      return;
    }
    plan.connections.push(connection);
    to = { connection: connection.name };
  }
  const canaries = users.get(String(n.id)) ?? [];
  const unused = !canaries.length
    ? 'no imported monitor uses it'
    : n.active === false || n.active === 0
      ? 'disabled in Kuma'
      : undefined;
  if (unused) {
    plan.notes.push({
      item,
      message:
        'channelUrl' in mapped ? `${unused}: not carried over` : `${unused}: its connection is created without a rule`,
    });
    return;
  }
  plan.notifications.push(ruleFor(ruleName, plan.namespace, to, canaries, { resolved: true }));
}
