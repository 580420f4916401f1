import { connection, region, textField, threshold } from './fields.js';
import type { CheckForm } from './types.js';

export const s3Form: CheckForm = {
  specType: 's3',
  type: 's3',
  label: 'S3 bucket',
  fields: [
    textField('bucket', 'Bucket', 'backups'),
    connection,
    { key: 'endpoint', label: 'Endpoint', kind: 'text', placeholder: 'https://minio.local:9000' },
    region(),
    textField('objectPath', 'Object path', 'daily/'),
    { key: 'usePathStyle', label: 'Path-style URLs', kind: 'boolean' },
    { key: 'minCount', label: 'Min objects', kind: 'number' },
    { key: 'maxAge', label: 'Max age of newest', kind: 'text', placeholder: '24h' },
    threshold,
  ],
  defaults: {},
};
