import type { CheckForm } from './types.js';

export const junitForm: CheckForm = {
  specType: 'junit',
  type: 'junit',
  label: 'JUnit results',
  fields: [
    { key: 'testResults', label: 'Results directory', kind: 'text', placeholder: '/var/lib/ci/reports' },
    { key: 'timeout', label: 'Wait for results (minutes)', kind: 'number' },
  ],
  defaults: {},
};
