import { textField } from './fields.js';
import type { CheckForm } from './types.js';

export const gcsForm: CheckForm = {
  specType: 'gcs',
  type: 'gcs',
  label: 'Google Cloud Storage',
  fields: [textField('bucket', 'Bucket', 'backups', true), textField('path', 'Path', 'daily/')],
  defaults: {},
};

export const smbForm: CheckForm = {
  specType: 'smb',
  type: 'smb',
  label: 'SMB share',
  fields: [
    textField('server', 'Server', 'fileserver.internal', true),
    textField('sharename', 'Share', 'backups', true),
    textField('searchPath', 'Path in share', 'daily'),
  ],
  defaults: {},
};
