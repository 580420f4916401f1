import { connection, threshold, urlField } from './fields.js';
import type { CheckForm } from './types.js';

/** HTTP methods offered by the form. */
export const FORM_HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

export const httpForm: CheckForm = {
  specType: 'http',
  type: 'http',
  label: 'HTTP',
  fields: [
    urlField('https://example.com/health'),
    connection,
    { key: 'method', label: 'Method', kind: 'select', options: FORM_HTTP_METHODS },
    // a body only goes with POST and PUT
    { key: 'body', label: 'Body', kind: 'textarea', visible: (c) => c.method === 'POST' || c.method === 'PUT' },
    { key: 'responseCodes', label: 'Response codes', kind: 'codes', help: 'Any 2xx passes when none is chosen' },
    { key: 'responseContent', label: 'Response contains', kind: 'text' },
    { key: 'maxSSLExpiry', label: 'Min days to TLS expiry', kind: 'number' },
    threshold,
  ],
  defaults: { method: 'GET' },
};
