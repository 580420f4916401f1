import { textField } from './fields.js';
import type { CheckForm } from './types.js';

// canary-checker removed these types (its files still name them); the forms let a person see what
// such a check held, and saving says to use a kubernetes or exec check instead.

export const githubForm: CheckForm = {
  specType: 'github',
  type: 'github',
  label: 'GitHub',
  fields: [{ key: 'query', label: 'Query', kind: 'text', required: true, placeholder: 'repos/org/app/commits' }],
  defaults: {},
};

export const podForm: CheckForm = {
  specType: 'pod',
  type: 'pod',
  label: 'Pod',
  fields: [
    textField('namespace', 'Namespace', 'default', true),
    { key: 'spec', label: 'Pod spec (YAML)', kind: 'textarea', required: true, placeholder: 'containers: [...]' },
  ],
  defaults: {},
};

export const namespaceForm: CheckForm = {
  specType: 'namespace',
  type: 'namespace',
  label: 'Namespace',
  fields: [
    textField('namespaceNamePrefix', 'Name prefix', 'canary-'),
    { key: 'podSpec', label: 'Pod spec (YAML)', kind: 'textarea', required: true, placeholder: 'containers: [...]' },
  ],
  defaults: {},
};
