import { KUBERNETES_CORE_KINDS } from '@opsdeck/schema';
import { connection, threshold } from './fields.js';
import type { CheckForm } from './types.js';

export const kubernetesForm: CheckForm = {
  specType: 'kubernetes',
  type: 'kubernetes',
  label: 'Kubernetes',
  fields: [
    {
      key: 'kind',
      label: 'Kind',
      kind: 'text',
      placeholder: 'Deployment',
      help: Object.keys(KUBERNETES_CORE_KINDS).join(', '),
    },
    {
      key: 'apiVersion',
      label: 'API version',
      kind: 'text',
      placeholder: 'apps/v1',
      help: 'Needed for kinds other than the core ones',
    },
    connection,
    { key: 'ready', label: 'Must be ready', kind: 'boolean' },
    { key: 'healthy', label: 'Must be healthy', kind: 'boolean' },
    threshold,
  ],
  defaults: {},
};
