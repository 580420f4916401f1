import { connection, threshold, urlField } from './fields.js';
import type { CheckForm } from './types.js';

export const mongoForm: CheckForm = {
  specType: 'mongo',
  type: 'mongodb',
  label: 'MongoDB',
  fields: [urlField('mongodb://user:pass@mongo:27017/admin', 'Connection URL'), connection, threshold],
  defaults: {},
};
