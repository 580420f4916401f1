/// <reference types="node" />
// (node types for this test only: it reads the chart next to the text it checks)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { AGENT_NAMESPACE, agentFluxManifests, agentHelmCommand, CHART_PATH } from './agentInstallKube.js';

// The Helm and Flux texts shown with a new agent's token must install the chart of this repository.
const root = path.resolve(import.meta.dirname, '../../..');
const chartValues = parse(readFileSync(path.join(root, CHART_PATH, 'values.yaml'), 'utf8')) as Record<string, unknown>;
const hasValue = (dotted: string) =>
  dotted
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' && k in v ? (v as never)[k] : undefined), chartValues) !==
  undefined;

const input = {
  upstreamUrl: 'https://ops.example.com/',
  name: 'eu-west',
  token: `opsdeck_at_a'b,c\\d: #e "f"`,
  chartGitUrl: 'https://git.example.com/ops/opsdeck.git',
  chartGitRef: 'main',
};

/** Undoes shell single quotes. */
const unquote = (s: string) => s.replace(/^'|'$/g, '').replace(/'\\''/g, "'");
/** Undoes Helm's --set escapes (backslash and comma). */
const unescapeHelm = (s: string) => s.replace(/\\(.)/g, '$1');

describe('the Helm install text', () => {
  const text = agentHelmCommand(input);

  it('clones the repository at its ref and installs the chart from that checkout', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe("git clone --depth 1 --branch 'main' 'https://git.example.com/ops/opsdeck.git' opsdeck");
    expect(lines[1]).toBe(`helm upgrade --install opsdeck-agent ./opsdeck/${CHART_PATH} \\`);
    expect(text).toContain(`-n ${AGENT_NAMESPACE} --create-namespace`);
    expect(existsSync(path.join(root, CHART_PATH, 'Chart.yaml'))).toBe(true);
    // a tag given as a full ref is cloned by its name
    expect(agentHelmCommand({ ...input, chartGitRef: 'refs/tags/v0.1.0' })).toContain("--branch 'v0.1.0'");
  });

  it('sets only keys of the chart, and each value reads back exactly', () => {
    const sets = [...text.matchAll(/--set-string ([\w.]+)=('(?:[^']|'\\'')*')/g)].map((m) => [
      m[1] as string,
      unescapeHelm(unquote(m[2] as string)),
    ]);
    expect(Object.fromEntries(sets)).toEqual({
      'upstream.url': 'https://ops.example.com',
      'upstream.agentName': 'eu-west',
      'upstream.token': input.token,
    });
    for (const [key] of sets) expect(hasValue(key as string), `${key} in values.yaml`).toBe(true);
    // every line but the last continues the command
    expect(
      text
        .split('\n')
        .slice(1, -1)
        .every((l) => l.endsWith(' \\')),
    ).toBe(true);
  });
});

interface FluxDoc {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: {
    url: string;
    ref: Record<string, string>;
    releaseName: string;
    chart: { spec: { chart: string; sourceRef: Record<string, string> } };
    values: unknown;
    valuesFrom: unknown;
  };
  stringData?: Record<string, string>;
}

describe('the Flux install text', () => {
  const docs = parseAllDocuments(agentFluxManifests(input)).map((d) => {
    expect(d.errors).toEqual([]);
    return d.toJS() as FluxDoc;
  });
  const byKind = (k: string) => docs.find((d) => d.kind === k) as (typeof docs)[number];

  it('is a Namespace, a Secret, a GitRepository and a HelmRelease, all in that namespace', () => {
    expect(docs.map((d) => `${d.apiVersion} ${d.kind}`)).toEqual([
      'v1 Namespace',
      'v1 Secret',
      'source.toolkit.fluxcd.io/v1 GitRepository',
      'helm.toolkit.fluxcd.io/v2 HelmRelease',
    ]);
    expect(byKind('Namespace').metadata.name).toBe(AGENT_NAMESPACE);
    for (const d of docs.slice(1)) expect(d.metadata.namespace, d.kind).toBe(AGENT_NAMESPACE);
  });

  it('points the HelmRelease at the chart of the GitRepository, in the same namespace', () => {
    const repo = byKind('GitRepository');
    const release = byKind('HelmRelease');
    expect(repo.spec.url).toBe(input.chartGitUrl);
    expect(repo.spec.ref).toEqual({ branch: 'main' });
    expect(release.spec.releaseName).toBe('opsdeck-agent');
    expect(release.spec.chart.spec.chart).toBe(`./${CHART_PATH}`);
    expect(release.spec.chart.spec.sourceRef).toEqual({
      kind: 'GitRepository',
      name: repo.metadata.name,
      namespace: release.metadata.namespace,
    });
    const tagged = parseAllDocuments(
      agentFluxManifests({ ...input, chartGitRef: 'refs/tags/v0.1.0' }),
    )[2]?.toJS() as FluxDoc;
    expect(tagged.spec.ref).toEqual({ name: 'refs/tags/v0.1.0' });
  });

  it('gives the upstream settings as values and the token through valuesFrom, never inline', () => {
    const release = byKind('HelmRelease');
    const secret = byKind('Secret');
    expect(release.spec.values).toEqual({ upstream: { url: 'https://ops.example.com', agentName: 'eu-west' } });
    expect(JSON.stringify(release.spec)).not.toContain('opsdeck_at_');
    expect(release.spec.valuesFrom).toEqual([
      { kind: 'Secret', name: secret.metadata.name, valuesKey: 'token', targetPath: 'upstream.token' },
    ]);
    expect(secret.stringData?.token).toBe(input.token);
    for (const key of ['upstream.url', 'upstream.agentName', 'upstream.token']) expect(hasValue(key), key).toBe(true);
  });
});
