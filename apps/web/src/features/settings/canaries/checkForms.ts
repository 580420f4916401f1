import { DNS_QUERY_TYPES } from '@opsdeck/schema';

/** How a check field is edited in the form builder. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'codes' | 'boolean';

/** One field of a check type's form: the key in the check, its label, and its rules. */
export interface CheckField {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  placeholder?: string;
  options?: readonly string[];
  help?: string;
  /** Shown only when the check's other fields allow it (HTTP body only for POST and PUT). */
  visible?: (check: Record<string, unknown>) => boolean;
}

/** A check type the form builder covers: its fields and the values a new check starts with. */
export interface CheckForm {
  type: string;
  label: string;
  fields: CheckField[];
  defaults: Record<string, unknown>;
}

/** HTTP methods offered by the form (spec part 2 section 5). */
export const FORM_HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** HTTP response codes offered (spec part 2 section 9). */
export const RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503] as const;

/** Schedule presets, from `@every 30s` to `@weekly` (spec part 2 section 9). */
export const SCHEDULE_PRESETS = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

const threshold: CheckField = {
  key: 'thresholdMillis',
  label: 'Threshold (ms)',
  kind: 'number',
  help: 'A run slower than this fails',
};
const connection: CheckField = {
  key: 'connection',
  label: 'Connection',
  kind: 'text',
  placeholder: 'connection://default/my-connection',
  help: 'A stored connection instead of a URL',
};

function sqlForm(type: 'postgres' | 'mysql', label: string, example: string): CheckForm {
  return {
    type,
    label,
    fields: [
      { key: 'url', label: 'Connection URL', kind: 'text', required: true, placeholder: example },
      connection,
      { key: 'query', label: 'Query', kind: 'textarea', placeholder: 'SELECT 1' },
      { key: 'results', label: 'Expected rows', kind: 'number' },
      threshold,
    ],
    defaults: { query: 'SELECT 1' },
  };
}

/** The check types of the form builder; other types are edited in YAML. */
export const CHECK_FORMS: readonly CheckForm[] = [
  {
    type: 'http',
    label: 'HTTP',
    fields: [
      { key: 'url', label: 'URL', kind: 'text', required: true, placeholder: 'https://example.com/health' },
      { key: 'method', label: 'Method', kind: 'select', options: FORM_HTTP_METHODS },
      {
        key: 'body',
        label: 'Body',
        kind: 'textarea',
        visible: (c) => c.method === 'POST' || c.method === 'PUT',
      },
      { key: 'responseCodes', label: 'Response codes', kind: 'codes', help: 'Any 2xx passes when none is chosen' },
      { key: 'responseContent', label: 'Response contains', kind: 'text' },
      { key: 'maxSSLExpiry', label: 'Min days to TLS expiry', kind: 'number' },
      threshold,
    ],
    defaults: { method: 'GET' },
  },
  {
    type: 'tcp',
    label: 'TCP',
    fields: [
      { key: 'endpoint', label: 'Endpoint', kind: 'text', required: true, placeholder: 'db.internal:5432' },
      threshold,
    ],
    defaults: {},
  },
  {
    type: 'dns',
    label: 'DNS',
    fields: [
      { key: 'query', label: 'Query', kind: 'text', required: true, placeholder: 'example.com' },
      { key: 'querytype', label: 'Record type', kind: 'select', options: DNS_QUERY_TYPES },
      { key: 'server', label: 'Server', kind: 'text', placeholder: '1.1.1.1' },
      { key: 'port', label: 'Port', kind: 'number' },
      { key: 'minrecords', label: 'Min records', kind: 'number' },
      threshold,
    ],
    defaults: { querytype: 'A' },
  },
  {
    type: 'icmp',
    label: 'ICMP (ping)',
    fields: [
      { key: 'endpoint', label: 'Host', kind: 'text', required: true, placeholder: '10.0.0.1' },
      { key: 'packetCount', label: 'Packets', kind: 'number' },
      { key: 'packetLossThreshold', label: 'Packet loss threshold (%)', kind: 'number' },
      threshold,
    ],
    defaults: {},
  },
  sqlForm('postgres', 'PostgreSQL', 'postgres://user:pass@db:5432/app'),
  sqlForm('mysql', 'MySQL', 'mysql://user:pass@db:3306/app'),
  {
    type: 'redis',
    label: 'Redis',
    fields: [
      { key: 'addr', label: 'Address', kind: 'text', required: true, placeholder: 'redis:6379' },
      connection,
      { key: 'db', label: 'Database', kind: 'number' },
      threshold,
    ],
    defaults: { db: 0 },
  },
  {
    type: 'folder',
    label: 'Folder',
    fields: [
      { key: 'path', label: 'Path', kind: 'text', required: true, placeholder: '/var/backups' },
      { key: 'recursive', label: 'Recursive', kind: 'boolean' },
      { key: 'minCount', label: 'Min files', kind: 'number' },
      { key: 'maxCount', label: 'Max files', kind: 'number' },
      { key: 'maxAge', label: 'Max age of newest', kind: 'text', placeholder: '24h' },
    ],
    defaults: {},
  },
  {
    type: 'exec',
    label: 'Exec (script)',
    fields: [{ key: 'script', label: 'Script', kind: 'textarea', required: true, placeholder: 'test -f /tmp/ready' }],
    defaults: {},
  },
  {
    type: 'prometheus',
    label: 'Prometheus',
    fields: [
      { key: 'url', label: 'URL', kind: 'text', required: true, placeholder: 'http://prometheus:9090' },
      connection,
      { key: 'query', label: 'Query', kind: 'textarea', required: true, placeholder: 'up == 1' },
      threshold,
    ],
    defaults: {},
  },
];

/** The form of a check type, if the builder covers it. */
export function checkForm(type: string): CheckForm | undefined {
  return CHECK_FORMS.find((f) => f.type === type);
}

/** Empty for a value the person has not filled in. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Form-level messages of spec part 2 section 5 for one check, keyed by field: 'This field is
 * required' for a missing name or required field (a connection stands in for a URL or address),
 * 'This field must be a number' for numbers typed as text, and thresholds not below 0.
 */
export function checkFieldErrors(type: string, check: Record<string, unknown>): Map<string, string> {
  const errors = new Map<string, string>();
  if (isEmpty(check.name)) errors.set('name', 'This field is required');
  const form = checkForm(type);
  if (!form) return errors;
  for (const field of form.fields) {
    if (field.visible && !field.visible(check)) continue;
    const value = check[field.key];
    const byConnection = ['url', 'addr'].includes(field.key) && !isEmpty(check.connection);
    if (field.required && isEmpty(value) && !byConnection) errors.set(field.key, 'This field is required');
    else if (field.kind === 'number' && !isEmpty(value)) {
      if (typeof value !== 'number' || Number.isNaN(value)) errors.set(field.key, 'This field must be a number');
      else if (value < 0) errors.set(field.key, 'This field must be at least 0');
    }
  }
  return errors;
}

/** What a number input's text becomes in the document: a number when it is one, else the text as typed. */
export function numberFromInput(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}
