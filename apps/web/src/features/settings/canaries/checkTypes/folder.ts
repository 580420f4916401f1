import type { CheckForm } from './types.js';

export const folderForm: CheckForm = {
  specType: 'folder',
  type: 'folder',
  label: 'Folder',
  fields: [
    { key: 'path', label: 'Path', kind: 'text', placeholder: '/var/backups' },
    { key: 'recursive', label: 'Recursive', kind: 'boolean' },
    { key: 'minCount', label: 'Min files', kind: 'number' },
    { key: 'maxCount', label: 'Max files', kind: 'number' },
    { key: 'maxAge', label: 'Max age of newest', kind: 'text', placeholder: '24h' },
  ],
  defaults: {},
};
