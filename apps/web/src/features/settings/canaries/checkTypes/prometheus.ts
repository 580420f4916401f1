import { connection, threshold, urlField } from './fields.js';
import type { CheckForm } from './types.js';

export const prometheusForm: CheckForm = {
  specType: 'prometheus',
  type: 'prometheus',
  label: 'Prometheus',
  fields: [
    urlField('http://prometheus:9090'),
    connection,
    { key: 'query', label: 'Query', kind: 'textarea', placeholder: 'up == 1' },
    threshold,
  ],
  defaults: {},
};
