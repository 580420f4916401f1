import { canarySchema, checkSchemas, unrunnableReason } from '@opsdeck/schema';
import { describe, expect, it } from 'vitest';
import { getField, setField } from '../../../../ui/forms/fieldPath.js';
import { checkFieldErrors } from '../checkForms.js';
import { CHECK_FORMS, formUnrunnable } from './index.js';
import { sampleCheck } from './schemaRules.js';
import { SPEC_CHECK_TYPES } from './types.js';

const required = (type: string) =>
  CHECK_FORMS.find((f) => f.type === type)
    ?.fields.filter((f) => f.required)
    .map((f) => (f.orKeys ? `${f.key}|${f.orKeys.join('|')}` : f.key));

function canaryWith(type: string, check: Record<string, unknown>) {
  return {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'probe' },
    spec: { [type]: [check] },
  };
}

describe('check form builder: every check type', () => {
  it('offers every check type, each as at least one form', () => {
    const offered = new Set(CHECK_FORMS.map((f) => f.specType));
    expect([...SPEC_CHECK_TYPES].filter((t) => !offered.has(t))).toEqual([]);
    expect(SPEC_CHECK_TYPES).toHaveLength(31);
  });

  it('maps each form to one Canary spec list, the names canary-checker files use', () => {
    const types = CHECK_FORMS.map((f) => f.type).filter(Boolean);
    expect(new Set(types).size).toBe(types.length);
    expect(CHECK_FORMS.filter((f) => f.specType === 'sql').map((f) => f.type)).toEqual(['postgres', 'mysql', 'mssql']);
    expect(CHECK_FORMS.find((f) => f.specType === 'mongo')?.type).toBe('mongodb');
    expect(CHECK_FORMS.find((f) => f.specType === 'alertManager')?.type).toBe('alertmanager');
  });

  it('takes the required fields of runnable types from the shared schema', () => {
    expect(required('http')).toEqual(['url|connection']);
    expect(required('tcp')).toEqual(['endpoint']);
    expect(required('dns')).toEqual(['query']);
    expect(required('icmp')).toEqual(['endpoint']);
    expect(required('postgres')).toEqual(['url|connection']);
    expect(required('mssql')).toEqual(['url|connection']);
    expect(required('redis')).toEqual(['addr|connection']);
    expect(required('mongodb')).toEqual(['url|connection']);
    expect(required('ldap')).toEqual(['url|connection', 'bindDN']);
    expect(required('elasticsearch')).toEqual(['url|connection', 'index']);
    expect(required('prometheus')).toEqual(['url|connection', 'query']);
    expect(required('alertmanager')).toEqual(['url|connection']);
    expect(required('s3')).toEqual(['bucket|connection']);
    expect(required('sftp')).toEqual(['host|connection', 'path']);
    expect(required('folder')).toEqual(['path']);
    expect(required('exec')).toEqual(['script']);
    expect(required('kubernetes')).toEqual(['kind']);
    expect(required('junit')).toEqual(['testResults']);
  });

  it.each(CHECK_FORMS.filter((f) => f.type && !formUnrunnable(f)).map((f) => [f.label, f] as const))(
    '%s: a check with only its required fields passes the form and the shared schema; without them it does not',
    (_label, form) => {
      const filled = sampleCheck(form);
      expect(Object.fromEntries(checkFieldErrors(form.type, filled))).toEqual({});
      expect(checkSchemas[form.type]?.safeParse(filled).success).toBe(true);
      expect(canarySchema().safeParse(canaryWith(form.type, sampleCheck(form, 'all'))).success).toBe(true);

      const empty = { name: '', ...form.defaults };
      const errors = checkFieldErrors(form.type, empty);
      expect(errors.get('name')).toBe('This field is required');
      for (const field of form.fields.filter((f) => f.required)) {
        expect(errors.get(field.key)).toBe('This field is required');
      }
      expect(checkSchemas[form.type]?.safeParse({ ...empty, name: 'x' }).success).toBe(false);
    },
  );

  it.each(CHECK_FORMS.filter((f) => formUnrunnable(f)).map((f) => [f.label, f] as const))(
    '%s: marks its required fields, validates them, and says why OpsDeck refuses it',
    (_label, form) => {
      expect(form.fields.some((f) => f.required)).toBe(true);
      const errors = checkFieldErrors(form.type, { name: 'x' });
      for (const field of form.fields) {
        expect(errors.get(field.key)).toBe(field.required ? 'This field is required' : undefined);
      }
      expect(Object.fromEntries(checkFieldErrors(form.type, sampleCheck(form)))).toEqual({});
      const parsed = canarySchema().safeParse(canaryWith(form.type, sampleCheck(form)));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(unrunnableReason(form.type));
      expect(unrunnableReason(form.type)).toMatch(/not supported|removed/);
    },
  );

  it('lets a connection stand in for a URL, and checks numbers', () => {
    expect(Object.fromEntries(checkFieldErrors('http', { name: 'a', connection: 'connection://default/x' }))).toEqual(
      {},
    );
    expect(Object.fromEntries(checkFieldErrors('sftp', { name: 'a', host: 'h', port: 'ssh' }))).toEqual({
      path: 'This field is required',
      port: 'This field must be a number',
    });
  });

  it('edits nested fields by dotted keys, dropping the parents it empties', () => {
    const check: Record<string, unknown> = { name: 'e', script: 'true' };
    setField(check, 'checkout.url', 'https://git.example.com/ops.git');
    setField(check, 'checkout.branch', 'main');
    expect(check).toEqual({
      name: 'e',
      script: 'true',
      checkout: { url: 'https://git.example.com/ops.git', branch: 'main' },
    });
    expect(getField(check, 'checkout.branch')).toBe('main');
    setField(check, 'checkout.branch', '');
    setField(check, 'checkout.url', undefined);
    expect(check).toEqual({ name: 'e', script: 'true' });
    const exec = CHECK_FORMS.find((f) => f.type === 'exec');
    expect(exec && sampleCheck(exec, 'all')).toMatchObject({ checkout: { url: expect.any(String), branch: 'main' } });
  });

  it('has a custom entry that is written in YAML', () => {
    const custom = CHECK_FORMS.find((f) => f.specType === 'custom');
    expect(custom?.type).toBe('');
    expect(custom?.fields).toEqual([]);
  });
});
