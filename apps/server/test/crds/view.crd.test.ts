import { describe, expect, it } from 'vitest';
import { validateView } from '../../src/views/viewYaml.js';
import { crdPaths, describeCrdProperties } from './crdProperties.js';

/**
 * Every property of Mission Control's View CRD: OpsDeck's View schema accepts it (and keeps it
 * for the view page), or refuses it naming the path and why.
 */

const HELM = 'helmRef reads a Helm release from Kubernetes';
const SERVICE_ACCOUNT = 'serviceAccount asks Kubernetes for a token';
const NTLM = 'NTLM needs its handshake on one kept connection';

const seeds: Record<string, Record<string, unknown>> = {
  'spec.columns[]': { name: 'extra', type: 'string' },
  'spec.columns[].gauge.thresholds[]': { color: 'red', percent: 90 },
  'spec.columns[].url.view': { name: 'other' },
  'spec.panels[]': { name: 'p', type: 'table', query: 'select 1' },
  'spec.panels[].gauge.thresholds[]': { color: 'red', percent: 90 },
  'spec.panels[].bargauge.thresholds[]': { color: 'red', percent: 90 },
  'spec.display.plugins[]': { configTab: {} },
  'spec.queries{}.prometheus': { query: 'up', url: 'http://prometheus:9090' },
  'spec.queries{}.prometheus.oauth': { tokenURL: 'https://idp.example.com/token' },
  'spec.queries{}.prometheus.range': { start: 'now-1h' },
  'spec.sections[]': { title: 'More', viewRef: { name: 'other' } },
  'spec.sections[].viewRef': { name: 'other' },
  'spec.templating[]': { key: 'cluster', label: 'Cluster', values: ['dev'] },
  'spec.templating[].valueFrom': { config: {} },
  // a credential's valueFrom names a stored connection and one of its fields
  '*.valueFrom.secretKeyRef': { name: 'prom', key: 'password' },
  '*.valueFrom.configMapKeyRef': { name: 'prom', key: 'password' },
};

const samples: Record<string, unknown> = {
  'spec.cache.maxAge': '15m',
  'spec.cache.minAge': '10s',
  'spec.cache.refreshTimeout': '5s',
  'spec.columns[].filter.type': 'multiselect',
  'spec.columns[].cardPosition': 'title',
  'spec.columns[].url.config': 'row.id',
  'spec.mapping': { name: 'row.name' },
  'spec.panels[].bargauge.format': 'percentage',
  'spec.panels[].type': 'heatmap',
  'spec.queries{}.columns': { replicas: 'number' },
  'spec.queries{}.prometheus.range.start': 'now-6h',
  'spec.queries{}.prometheus.range.end': 'now',
  'spec.queries{}.prometheus.range.step': '5m',
  'spec.templating[].key': 'region',
};
for (const p of crdPaths('view')) if (p.path.endsWith('.cache') && p.type === 'string') samples[p.path] = 'no-cache';

const table: Record<string, 'handled' | { refused: string }> = {
  'spec.cache': 'handled',
  'spec.columns': 'handled',
  'spec.description': 'handled',
  'spec.display': 'handled',
  'spec.mapping': 'handled',
  'spec.merge': 'handled',
  'spec.panels': 'handled',
  'spec.queries{}.changes': 'handled',
  'spec.queries{}.configs': 'handled',
  'spec.queries{}.columns': 'handled',
  'spec.queries{}.prometheus': 'handled',
  'spec.queries{}.prometheus.ntlm': { refused: NTLM },
  'spec.queries{}.prometheus.ntlmv2': { refused: NTLM },
  'spec.queries{}.viewTableSelector': 'handled',
  'spec.sections': 'handled',
  'spec.templating': 'handled',
  '*.valueFrom.helmRef': { refused: HELM },
  '*.valueFrom.serviceAccount': { refused: SERVICE_ACCOUNT },
};

describeCrdProperties({
  fixture: 'view',
  validate: validateView,
  minimal: () => ({
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'View',
    metadata: { name: 'pods', namespace: 'default' },
    spec: {
      queries: { pods: { configs: { types: ['Kubernetes::Pod'] } } },
      // a path under test may add a second query (`k`): the rows come from this merge
      merge: 'select * from pods',
      columns: [{ name: 'name', type: 'string', primaryKey: true }],
    },
  }),
  table,
  seeds,
  samples,
});

describe('a View exported from a cluster', () => {
  it('keeps its status out of the way: accepted, not part of what is stored', () => {
    const view = validateView({
      apiVersion: 'mission-control.flanksource.com/v1',
      kind: 'View',
      metadata: { name: 'pods', namespace: 'default', uid: 'abc', resourceVersion: '12' },
      spec: { sections: [{ title: 'More', viewRef: { namespace: 'default', name: 'other' } }] },
      status: { lastRan: '2026-11-01T00:00:00Z' },
    });
    expect(view.spec.sections?.[0]?.viewRef?.name).toBe('other');
  });
});
