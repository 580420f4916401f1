import YAML from 'yaml';
import { CHART_REPOSITORY } from './charts.js';

/** What one GitOps install is about: the chart, its release, where, and the values. */
export interface GitOpsInstall {
  chart: string;
  /** One release per integration, named after its chart. */
  release: string;
  namespace: string;
  values: Record<string, unknown>;
}

/**
 * Flux input: the Namespace, a HelmRepository in that namespace (where the release refers to it),
 * and a HelmRelease with its release name and the values under `spec.values`.
 */
export function fluxText(i: GitOpsInstall): string {
  const docs = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: i.namespace } },
    {
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'HelmRepository',
      metadata: { name: CHART_REPOSITORY.name, namespace: i.namespace },
      spec: { interval: '5m', url: CHART_REPOSITORY.url },
    },
    {
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      kind: 'HelmRelease',
      metadata: { name: i.release, namespace: i.namespace },
      spec: {
        interval: '5m',
        releaseName: i.release,
        chart: {
          spec: {
            chart: i.chart,
            sourceRef: { kind: 'HelmRepository', name: CHART_REPOSITORY.name, namespace: i.namespace },
          },
        },
        values: i.values,
      },
    },
  ];
  return docs.map((d) => YAML.stringify(d)).join('---\n');
}

/** `key=value` pairs of every leaf, arrays as `key[0]`; dots and commas in keys escaped as Helm reads them. */
export function flattenValues(values: unknown, prefix = ''): Array<[string, string]> {
  if (Array.isArray(values)) return values.flatMap((v, n) => flattenValues(v, `${prefix}[${n}]`));
  if (values !== null && typeof values === 'object') {
    const entries = Object.entries(values as Record<string, unknown>);
    if (!entries.length) return [];
    return entries.flatMap(([k, v]) => {
      const key = k.replace(/([.,=\\[\]])/g, '\\$1');
      return flattenValues(v, prefix ? `${prefix}.${key}` : key);
    });
  }
  if (values === undefined) return [];
  return [[prefix, values === null ? 'null' : String(values)]];
}

/** Quotes a value for a POSIX shell, in double quotes. */
const shellQuote = (s: string) => `"${s.replace(/(["\\$`])/g, '\\$1')}"`;

/** Helm CLI: add and update the repository, then install the release with one --set per leaf. */
export function helmText(i: GitOpsInstall): string {
  // commas separate --set pairs: a comma in a value is escaped for Helm
  const sets = flattenValues(i.values).map(
    ([k, v]) => `  --set ${/^[\w.[\]/-]+$/.test(k) ? k : shellQuote(k)}=${shellQuote(v.replace(/,/g, '\\,'))} \\`,
  );
  return [
    `helm repo add ${CHART_REPOSITORY.name} ${CHART_REPOSITORY.url}`,
    'helm repo update',
    `helm install ${i.release} ${CHART_REPOSITORY.name}/${i.chart} \\`,
    `  -n ${shellQuote(i.namespace)} \\`,
    ...sets,
    '  --create-namespace',
  ].join('\n');
}
