import { validateApplication } from '../../src/applications/applicationYaml.js';
import { crdPaths, describeCrdProperties } from './crdProperties.js';

/**
 * Every property of Mission Control's Application CRD: OpsDeck's Application schema accepts it
 * and the report acts on it (selectors, properties, sections, schedule).
 */

const samples: Record<string, unknown> = { 'spec.schedule': '@every 1h' };
for (const p of crdPaths('application')) if (p.path.endsWith('.cache')) samples[p.path] = 'max-age=5m';

describeCrdProperties({
  fixture: 'application',
  validate: validateApplication,
  minimal: () => ({
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'Application',
    metadata: { name: 'billing', namespace: 'default' },
    spec: { type: 'Service' },
  }),
  table: {
    'spec.description': 'handled',
    'spec.mapping': 'handled',
    'spec.properties': 'handled',
    'spec.schedule': 'handled',
    'spec.sections': 'handled',
    'spec.type': 'handled',
  },
  seeds: {
    'spec.mapping.roles[]': { role: 'admin' },
    'spec.sections[]': { title: 'Recent changes', viewRef: { name: 'changes' } },
    'spec.sections[].viewRef': { name: 'changes' },
  },
  samples,
});
