import type { CheckForm } from './types.js';

export const execForm: CheckForm = {
  specType: 'exec',
  type: 'exec',
  label: 'Exec (script)',
  fields: [
    { key: 'script', label: 'Script', kind: 'textarea', placeholder: 'test -f /tmp/ready' },
    {
      key: 'checkout.url',
      label: 'Git repository',
      kind: 'text',
      placeholder: 'https://git.example.com/ops/checks.git',
      help: 'Cloned first; the script runs inside it',
    },
    { key: 'checkout.branch', label: 'Branch', kind: 'text', placeholder: 'main' },
  ],
  defaults: {},
};
