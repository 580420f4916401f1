import { connection, threshold, urlField } from './fields.js';
import type { CheckForm } from './types.js';

export const alertManagerForm: CheckForm = {
  specType: 'alertManager',
  type: 'alertmanager',
  label: 'Alertmanager',
  fields: [urlField('http://alertmanager:9093'), connection, threshold],
  defaults: {},
};
