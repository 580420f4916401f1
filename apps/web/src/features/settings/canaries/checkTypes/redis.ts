import { connection, threshold } from './fields.js';
import type { CheckForm } from './types.js';

export const redisForm: CheckForm = {
  specType: 'redis',
  type: 'redis',
  label: 'Redis',
  fields: [
    { key: 'addr', label: 'Address', kind: 'text', placeholder: 'redis:6379' },
    connection,
    { key: 'db', label: 'Database', kind: 'number' },
    threshold,
  ],
  defaults: { db: 0 }, // Redis's first database
};
