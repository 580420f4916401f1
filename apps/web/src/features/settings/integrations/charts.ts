import { z } from 'zod';

// The GitOps integrations of the Add Integration modal: one Helm chart each, from the public chart
// repository. Their values schemas ship with OpsDeck (no internet): the top-level keys each chart
// reads, unknown keys refused so a typo is caught before it reaches the cluster.

export const CHART_REPOSITORY = { name: 'flanksource', url: 'https://flanksource.github.io/charts' } as const;
export const DEFAULT_NAMESPACE = 'mission-control';

const labels = z.record(z.string(), z.string());
const str = z.string();
const bool = z.boolean();
const obj = z.record(z.string(), z.unknown());
const schedule = z
  .string()
  .regex(/^@(every \d+[smh]|hourly|daily|weekly)|^[\d*/,\- ]+$/, 'a schedule such as @every 5m');

/** One integration offered through GitOps. */
export interface GitOpsChart {
  id: string;
  label: string;
  chart: string;
  /** Values schema (zod; `z.toJSONSchema` gives the JSON schema). */
  values: z.ZodType<Record<string, unknown>>;
  /** Starting values shown in the editor. */
  defaults: Record<string, unknown>;
}

export const GITOPS_CHARTS: readonly GitOpsChart[] = [
  {
    id: 'aws',
    label: 'AWS',
    chart: 'mission-control-aws',
    values: z
      .object({
        labels,
        scraper: obj,
        connection: str,
        accessKey: obj,
        secretKey: obj,
        region: z.array(str),
        endpoint: str,
        assumeRole: str,
        skipTLSVerify: bool,
        cloudtrail: z.object({ maxAge: str, exclude: z.array(str) }).partial(),
        compliance: bool,
        costReporting: z.object({ enabled: bool, database: str, region: str, s3BucketPath: str, table: str }).partial(),
        includeResources: z.array(str),
        excludeResources: z.array(str),
        transform: obj,
      })
      .partial()
      .strict(),
    defaults: { region: ['eu-west-1'], connection: 'aws' },
  },
  {
    id: 'azure',
    label: 'Azure',
    chart: 'mission-control-azure',
    values: z
      .object({
        labels,
        scraper: obj,
        subscriptionID: str,
        organisation: str,
        tenantID: str,
        connection: str,
        clientID: obj,
        clientSecret: obj,
        transform: obj,
        exclusions: z.object({ activityLogs: z.array(str) }).partial(),
      })
      .partial()
      .strict(),
    defaults: { subscriptionID: '', tenantID: '' },
  },
  {
    id: 'prometheus',
    label: 'Prometheus',
    chart: 'mission-control-prometheus',
    values: z
      .object({ labels, topologyName: str, prometheusNamespace: str, prometheusURL: z.url() })
      .partial()
      .strict(),
    defaults: {
      topologyName: 'prometheus',
      prometheusNamespace: 'monitoring',
      prometheusURL: 'http://prometheus.monitoring.svc:9090',
    },
  },
  {
    id: 'flux',
    label: 'Flux',
    chart: 'mission-control-flux',
    values: z.object({ labels, topologyName: str, playbooks: obj }).partial().strict(),
    defaults: { topologyName: 'flux', playbooks: { enabled: true } },
  },
  {
    id: 'kubernetes',
    label: 'Kubernetes',
    chart: 'mission-control-kubernetes',
    values: z
      .object({
        labels,
        kubeconfig: obj,
        kubernetesConnection: str,
        clusterName: z.string().min(1, 'name the cluster'),
        prometheus: obj,
        metrics: obj,
        topology: z.object({ enabled: bool, name: str, schedule }).partial(),
        scraper: z
          .object({
            name: str,
            schedule,
            watch: z.array(obj),
            exclusions: obj,
            relationships: z.array(obj),
            transform: obj,
          })
          .partial(),
        playbooks: obj,
      })
      .partial()
      .strict(),
    defaults: {
      clusterName: 'production',
      topology: { enabled: true, schedule: '@every 5m' },
      scraper: { schedule: '@every 15m' },
    },
  },
  {
    id: 'opsdeck',
    label: 'OpsDeck',
    chart: 'mission-control-watchtower',
    values: z
      .object({
        global: obj,
        labels,
        connectionName: str,
        createConnection: bool,
        isAgent: bool,
        playbooks: obj,
        pushLocation: z.object({ url: z.url() }).partial(),
        topology: obj,
        topologyName: str,
        views: obj,
      })
      .partial()
      .strict(),
    defaults: { topologyName: 'opsdeck' },
  },
];
