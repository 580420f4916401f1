import type { CheckForm } from './types.js';

export const execForm: CheckForm = {
  specType: 'exec',
  type: 'exec',
  label: 'Exec (script)',
  fields: [{ key: 'script', label: 'Script', kind: 'textarea', placeholder: 'test -f /tmp/ready' }],
  defaults: {},
};
