import { type AgentInstallInput, shellQuote } from './agentInstall.js';

/**
 * The Helm and Flux install texts of an agent: the chart deploy/helm/opsdeck from a checkout of
 * the OpsDeck repository (no chart repository is published), with the agent's upstream settings
 * (docs/agents.md, Installing on Kubernetes).
 */
export interface KubeInstallInput extends AgentInstallInput {
  /** The Git repository holding deploy/helm/opsdeck. */
  chartGitUrl: string;
  /** A branch (`main`) or a full ref (`refs/tags/v0.1.0`). */
  chartGitRef: string;
}

export const AGENT_NAMESPACE = 'opsdeck-agent';
export const AGENT_RELEASE = 'opsdeck-agent';
export const CHART_PATH = 'deploy/helm/opsdeck';

/** `--set-string` splits values on commas and reads backslashes: escape both. */
function helmValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/,/g, '\\,');
}

/** The chart values of an agent, as `--set-string` keys (they exist in the chart's values.yaml). */
export function agentChartValues(a: AgentInstallInput): Record<string, string> {
  return {
    'upstream.url': a.upstreamUrl.replace(/\/+$/, ''),
    'upstream.agentName': a.name,
    'upstream.token': a.token,
  };
}

/** `git clone` of the chart's repository at its ref, then `helm upgrade --install` from that checkout. */
export function agentHelmCommand(a: KubeInstallInput): string {
  const branch = a.chartGitRef.replace(/^refs\/(heads|tags)\//, '');
  const sets = Object.entries(agentChartValues(a)).map(
    ([k, v]) => `  --set-string ${k}=${shellQuote(helmValue(v))} \\`,
  );
  return [
    `git clone --depth 1 --branch ${shellQuote(branch)} ${shellQuote(a.chartGitUrl)} opsdeck`,
    `helm upgrade --install ${AGENT_RELEASE} ./opsdeck/${CHART_PATH} \\`,
    `  -n ${AGENT_NAMESPACE} --create-namespace \\`,
    ...sets,
    '  --wait',
  ].join('\n');
}

/** A YAML scalar: JSON's double-quoted strings are YAML's too, so nothing in it is read as syntax. */
const q = (v: string) => JSON.stringify(v);

/** Flux's ref: a full ref by name, else a branch. */
function gitRef(ref: string): string {
  return ref.startsWith('refs/') ? `name: ${q(ref)}` : `branch: ${q(ref)}`;
}

/**
 * Namespace, the token's Secret, a GitRepository of the OpsDeck repository and a HelmRelease of
 * its chart, all in one namespace; the token reaches the chart through valuesFrom, not inline.
 */
export function agentFluxManifests(a: KubeInstallInput): string {
  const values = agentChartValues(a);
  return `apiVersion: v1
kind: Namespace
metadata:
  name: ${AGENT_NAMESPACE}
---
# The agent's token: apply this Secret yourself (kubectl apply -f) or encrypt it (SOPS, Sealed
# Secrets) before it goes into Git. The HelmRelease reads it through valuesFrom.
apiVersion: v1
kind: Secret
metadata:
  name: ${AGENT_RELEASE}-token
  namespace: ${AGENT_NAMESPACE}
type: Opaque
stringData:
  token: ${q(values['upstream.token'] as string)}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata:
  name: opsdeck
  namespace: ${AGENT_NAMESPACE}
spec:
  interval: 1h
  url: ${q(a.chartGitUrl)}
  ref:
    ${gitRef(a.chartGitRef)}
  # only the chart is needed
  ignore: |
    /*
    !/${CHART_PATH}/
---
apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: ${AGENT_RELEASE}
  namespace: ${AGENT_NAMESPACE}
spec:
  interval: 10m
  timeout: 10m
  releaseName: ${AGENT_RELEASE}
  chart:
    spec:
      chart: ./${CHART_PATH}
      # a chart from Git: follow its commits, not only its version
      reconcileStrategy: Revision
      sourceRef:
        kind: GitRepository
        name: opsdeck
        namespace: ${AGENT_NAMESPACE}
  values:
    upstream:
      url: ${q(values['upstream.url'] as string)}
      agentName: ${q(values['upstream.agentName'] as string)}
  valuesFrom:
    - kind: Secret
      name: ${AGENT_RELEASE}-token
      valuesKey: token
      targetPath: upstream.token
`;
}
