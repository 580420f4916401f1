import { validateTopology } from '../../src/topology/topologyYaml.js';
import { describeCrdProperties } from './crdProperties.js';

// Every Topology CRD property: handled (validates and survives), or refused with the reason.
describeCrdProperties({
  fixture: 'topology',
  validate: (doc) => validateTopology(doc),
  minimal: () => ({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Topology',
    metadata: { name: 'crd' },
    spec: { components: [{ name: 'first' }] },
  }),
  seeds: {
    'spec.components[]': { name: 'c' },
    'spec.groupBy': { tag: 'cluster' },
    'spec.properties[]': { name: 'p' },
    'spec.components[].properties[]': { name: 'p' },
    '*headers[]': { name: 'H' },
    '*.valueFrom.secretKeyRef': { name: 'conn', key: 'password' },
    '*.valueFrom.configMapKeyRef': { name: 'conn', key: 'url' },
    '*.valueFrom.helmRef': { name: 'release', key: '.a' },
  },
  samples: {
    'spec.schedule': '@every 1h',
    'spec.components[].health': 'healthy',
    // free-form in the CRD: a canary spec (lookup, inline checks), child components, a component template
    '*.lookup': { http: [{ name: 'l', url: 'http://example.test' }] },
    'spec.components[].checks[].inline': { http: [{ name: 'i', url: 'http://example.test' }] },
    'spec.components[].components': [{ name: 'child' }],
    'spec.components[].forEach': { properties: [{ name: 'p', text: 'x' }] },
  },
  table: {
    spec: 'handled',
    'spec.push': { refused: 'push is not supported' },
  },
});
