import { threshold } from './fields.js';
import type { CheckForm } from './types.js';

export const tcpForm: CheckForm = {
  specType: 'tcp',
  type: 'tcp',
  label: 'TCP',
  fields: [{ key: 'endpoint', label: 'Endpoint', kind: 'text', placeholder: 'db.internal:5432' }, threshold],
  defaults: {},
};
