import { connection, textField, threshold } from './fields.js';
import type { CheckForm } from './types.js';

export const sftpForm: CheckForm = {
  specType: 'sftp',
  type: 'sftp',
  label: 'SFTP',
  fields: [
    textField('host', 'Host', 'files.internal'),
    connection,
    { key: 'port', label: 'Port', kind: 'number', placeholder: '22' },
    textField('path', 'Path', '/uploads'),
    { key: 'minCount', label: 'Min files', kind: 'number' },
    { key: 'maxAge', label: 'Max age of newest', kind: 'text', placeholder: '24h' },
    threshold,
  ],
  defaults: { port: 22 }, // SFTP's usual port
};
