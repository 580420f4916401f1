import { connection, threshold, urlField } from './fields.js';
import type { CheckForm } from './types.js';

export const elasticsearchForm: CheckForm = {
  specType: 'elasticsearch',
  type: 'elasticsearch',
  label: 'Elasticsearch',
  fields: [
    urlField('http://elasticsearch:9200'),
    connection,
    { key: 'index', label: 'Index', kind: 'text', placeholder: 'logs-*' },
    { key: 'query', label: 'Query (JSON)', kind: 'textarea', placeholder: '{"query":{"match_all":{}}}' },
    { key: 'results', label: 'Expected hits', kind: 'number' },
    threshold,
  ],
  defaults: {},
};
