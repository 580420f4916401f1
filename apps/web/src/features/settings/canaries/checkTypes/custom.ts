import type { CheckForm } from './types.js';

/** Any check type, written in YAML: choosing it opens the YAML view. */
export const customForm: CheckForm = {
  specType: 'custom',
  type: '',
  label: 'Custom (YAML)',
  fields: [],
  defaults: {},
};
