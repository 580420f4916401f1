import { describe, expect, it } from 'vitest';
import {
  type ConnectionRow,
  createBody,
  initialValues,
  patchBody,
  validateConnection,
  withField,
} from './connectionForm.js';
import { CONNECTION_TYPES } from './connectionTypes.js';

const row: ConnectionRow = {
  id: '1',
  name: 'db',
  namespace: 'default',
  type: 'postgres',
  url: 'postgres://u:********@h/db',
  username: null,
  password: '********',
  certificate: null,
  properties: {},
  insecure_tls: false,
  source: null,
  updated_at: '',
};

describe('connection form', () => {
  it.each([
    ['sftp', { port: '22' }],
    ['email', { port: '587', encryption: 'Auto', auth: 'Unknown' }],
    ['ntfy', { host: 'ntfy.sh' }],
    ['opsgenie', { port: '443' }],
    ['generic_webhook', { requestMethod: 'POST' }],
    ['git', { ref: 'main' }],
    ['redis', { db: '0' }],
    ['postgres', {}],
  ])('starts a new %s connection with the spec defaults', (type, properties) => {
    expect(initialValues(undefined, type).properties).toEqual(properties);
  });

  it('requires the name and the type fields, and numbers in number fields', () => {
    const v = withField(initialValues(undefined, 'sftp'), 'properties.port', 'twenty');
    expect(Object.fromEntries(validateConnection(v))).toEqual({
      name: 'This field is required',
      'properties.host': 'This field is required',
      username: 'This field is required',
      'properties.port': 'This field must be a number',
    });
  });

  it('counts a stored secret as filled and refuses a masked URL written back', () => {
    const v = initialValues(row, 'postgres');
    expect(validateConnection(v, row).size).toBe(0);
    expect(validateConnection(withField(v, 'url', 'postgres://x:********@other/db'), row).get('url')).toContain(
      'Replace',
    );
  });

  it('sends only changed fields, and secrets only when typed', () => {
    const v = initialValues(row, 'postgres');
    expect(patchBody(v, row)).toEqual({});
    expect(patchBody(withField(v, 'password', 'new'), row)).toEqual({ password: 'new' });
    expect(patchBody(withField(v, 'username', 'admin'), row)).toEqual({ username: 'admin' });
  });

  it('creates with the fields of its type only', () => {
    const v = { ...initialValues(undefined, 'slack'), name: 'chat', url: 'ignored', password: 'xoxb' };
    expect(createBody(v)).toEqual({
      name: 'chat',
      namespace: 'default',
      type: 'slack',
      properties: {},
      password: 'xoxb',
    });
  });

  it('offers every connection type once', () => {
    const types = CONNECTION_TYPES.map((t) => t.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types).toHaveLength(45);
  });
});
