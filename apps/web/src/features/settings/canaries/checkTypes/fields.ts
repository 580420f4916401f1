import type { CheckField } from './types.js';

/** Fields several check types share. */
export const threshold: CheckField = {
  key: 'thresholdMillis',
  label: 'Threshold (ms)',
  kind: 'number',
  help: 'A run slower than this fails',
};

export const connection: CheckField = {
  key: 'connection',
  label: 'Connection',
  kind: 'text',
  placeholder: 'connection://default/my-connection',
  help: 'A stored connection instead of a URL',
};

export function urlField(placeholder: string, label = 'URL'): CheckField {
  return { key: 'url', label, kind: 'text', placeholder };
}

export function textField(key: string, label: string, placeholder?: string, required?: boolean): CheckField {
  return { key, label, kind: 'text', ...(placeholder ? { placeholder } : {}), ...(required ? { required } : {}) };
}

export const region = (required?: boolean): CheckField => textField('region', 'Region', 'eu-west-1', required);
