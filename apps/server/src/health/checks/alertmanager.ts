import { type AlertmanagerCheck, alertmanagerCheckSchema } from '@opsdeck/schema';
import { redactUrl, resolveEndpoint } from '../../integrations/endpoint.js';
import { requestJson } from '../../integrations/http/json.js';
import { type CheckType, failure } from './types.js';

/** Alerts kept in the stored result detail. */
const MAX_DETAIL = 100;

interface AmAlert {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  fingerprint?: string;
  startsAt?: string;
  generatorURL?: string;
  status?: { state?: string };
}

/** What expressions and transforms see for each alert. */
export interface FiringAlert {
  name: string;
  message: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  fingerprint: string;
  startsAt?: string;
  state?: string;
  generatorURL?: string;
}

/** A matcher value quoted as Alertmanager's filter syntax expects (`"a\"b"`). */
function quote(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * The `filter` matchers sent to `GET /api/v2/alerts`: `alerts` as one `alertname=~` alternation
 * (any of them; canary-checker ANDed them, which matched nothing for two names), `filters` as
 * label regexes, `ignore` as `alertname!~`, `exclude_filters` as `label!=value`.
 */
export function alertFilters(spec: AlertmanagerCheck): string[] {
  const filters: string[] = [];
  if (spec.alerts?.length) filters.push(`alertname=~${quote(spec.alerts.map((a) => `(?:${a})`).join('|'))}`);
  for (const [label, regex] of Object.entries(spec.filters ?? {})) filters.push(`${label}=~${quote(regex)}`);
  for (const regex of spec.ignore ?? []) filters.push(`alertname!~${quote(regex)}`);
  for (const [label, value] of Object.entries(spec.exclude_filters ?? {})) filters.push(`${label}!=${quote(value)}`);
  return filters;
}

/**
 * `alertmanager`: lists the active alerts that are neither silenced nor inhibited and match the
 * filters. Passes when Alertmanager answers (as canary-checker does): `test` (`size(alerts) == 0`)
 * or `transform` (one check per alert) decide what the alerts mean.
 */
export const alertmanagerCheck: CheckType<AlertmanagerCheck> = {
  type: 'alertmanager',
  endpoint: (spec) => redactUrl(spec.url || spec.connection || ''),
  schema: alertmanagerCheckSchema,
  defaultTimeoutMs: 30_000,
  async run(spec, ctx) {
    const endpoint = await resolveEndpoint(spec, ctx);
    const url = endpoint.url;
    if (!url) return failure(new Error('no url: the alertmanager connection has no url'));
    let payload: unknown;
    try {
      payload = await requestJson(
        { ...endpoint, url },
        {
          path: '/api/v2/alerts',
          query: [
            ['active', 'true'],
            ['silenced', 'false'],
            ['inhibited', 'false'],
            ...alertFilters(spec).map((f): [string, string] => ['filter', f]),
          ],
          signal: ctx.signal,
        },
      );
    } catch (err) {
      return failure(new Error(`alertmanager ${redactUrl(url)}: ${(err as Error).message}`));
    }
    if (!Array.isArray(payload)) return failure(new Error(`alertmanager ${redactUrl(url)}: expected a list of alerts`));
    const alerts = (payload as AmAlert[]).map(toFiringAlert);
    const data = { alerts, results: { alerts }, count: alerts.length };
    const message = alerts.length === 1 ? '1 alert firing' : `${alerts.length} alerts firing`;
    // history keeps at most MAX_DETAIL alerts; expressions see them all
    const detail = {
      alerts: alerts.slice(0, MAX_DETAIL),
      ...(alerts.length > MAX_DETAIL ? { total: alerts.length } : {}),
    };
    return { pass: true, message, data, detail, metrics: [{ name: 'alerts', value: alerts.length }] };
  },
};

function toFiringAlert(a: AmAlert): FiringAlert {
  const labels = a.labels ?? {};
  const annotations = a.annotations ?? {};
  return {
    name: alertName(labels),
    message: annotations.message ?? annotations.description ?? annotations.summary ?? '',
    labels,
    annotations,
    fingerprint: a.fingerprint ?? '',
    startsAt: a.startsAt,
    state: a.status?.state,
    generatorURL: a.generatorURL,
  };
}

/** `alertname/namespace/node/<workload>/<container>`: a readable, stable name per alert. */
function alertName(labels: Record<string, string>): string {
  const parts = [labels.alertname ?? 'alert'];
  for (const key of ['namespace', 'node']) if (labels[key]) parts.push(labels[key]);
  const workload = ['deployment', 'daemonset', 'statefulset', 'cronjob_name', 'job_name', 'pod', 'nodename'].find(
    (k) => labels[k],
  );
  if (workload) parts.push(labels[workload] as string);
  if (labels.container && labels.container !== labels.job) parts.push(labels.container);
  return parts.join('/');
}
