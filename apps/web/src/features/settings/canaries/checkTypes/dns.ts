import { DNS_QUERY_TYPES } from '@opsdeck/schema';
import { threshold } from './fields.js';
import type { CheckForm } from './types.js';

export const dnsForm: CheckForm = {
  specType: 'dns',
  type: 'dns',
  label: 'DNS',
  fields: [
    { key: 'query', label: 'Query', kind: 'text', placeholder: 'example.com' },
    { key: 'querytype', label: 'Record type', kind: 'select', options: DNS_QUERY_TYPES },
    { key: 'server', label: 'Server', kind: 'text', placeholder: '1.1.1.1' },
    { key: 'port', label: 'Port', kind: 'number', placeholder: '53' },
    { key: 'minrecords', label: 'Min records', kind: 'number' },
    threshold,
  ],
  defaults: { querytype: 'A' },
};
