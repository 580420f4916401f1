import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { GITOPS_CHARTS } from './charts.js';
import { flattenValues, fluxText, helmText } from './gitops.js';

const install = {
  chart: 'mission-control-kubernetes',
  release: 'mission-control-kubernetes',
  namespace: 'ops',
  values: { clusterName: 'prod', scraper: { schedule: '@every 15m' }, labels: { 'app.kubernetes.io/team': 'a,b' } },
};

describe('GitOps text', () => {
  it('is valid Flux input: one HelmRepository in the namespace the release refers to it from', () => {
    const docs = YAML.parseAllDocuments(fluxText(install)).map((d) => d.toJS());
    expect(docs.map((d) => d.kind)).toEqual(['Namespace', 'HelmRepository', 'HelmRelease']);
    const [ns, repo, release] = docs;
    expect(ns.metadata.name).toBe('ops');
    expect(repo.metadata).toEqual({ name: 'flanksource', namespace: 'ops' });
    expect(release.spec.chart.spec.sourceRef).toEqual({
      kind: 'HelmRepository',
      name: 'flanksource',
      namespace: 'ops',
    });
    expect(release.spec.releaseName).toBe('mission-control-kubernetes');
    expect(release.spec.values).toEqual(install.values);
    expect(release.spec.chart.values).toBeUndefined();
  });

  it('is a helm install with a release name and one --set per leaf', () => {
    const text = helmText(install);
    expect(text).toContain('helm install mission-control-kubernetes flanksource/mission-control-kubernetes');
    expect(text).toContain('-n "ops"');
    expect(text).toContain('--set clusterName="prod"');
    expect(text).toContain('--set scraper.schedule="@every 15m"');
    // in double quotes the shell turns \\ into \, so Helm reads an escaped dot and comma
    expect(text).toContain('--set "labels.app\\\\.kubernetes\\\\.io/team"="a\\\\,b"');
    expect(text.trim().endsWith('--create-namespace')).toBe(true);
  });

  it('flattens arrays by index', () => {
    expect(flattenValues({ region: ['a', 'b'], x: { y: true } })).toEqual([
      ['region[0]', 'a'],
      ['region[1]', 'b'],
      ['x.y', 'true'],
    ]);
  });

  it('validates values with the schema shipped for each chart', () => {
    const k8s = GITOPS_CHARTS.find((c) => c.id === 'kubernetes');
    expect(k8s?.values.safeParse(k8s.defaults).success).toBe(true);
    expect(k8s?.values.safeParse({ clusterNmae: 'typo' }).success).toBe(false);
    for (const chart of GITOPS_CHARTS) expect(chart.values.safeParse(chart.defaults).success, chart.id).toBe(true);
  });
});
