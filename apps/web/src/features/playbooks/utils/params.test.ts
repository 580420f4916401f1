import { describe, expect, it } from 'vitest';
import type { PlaybookParameter } from '../api.js';
import { formErrors, initialValues, paramError } from './params.js';

const p = (fields: Partial<PlaybookParameter>): PlaybookParameter => ({
  name: 'x',
  label: 'Name',
  type: 'text',
  ...fields,
});

describe('paramError', () => {
  it.each([
    [p({ required: true }), '', 'Name is required'],
    [p({}), '', undefined],
    [p({ properties: { minLength: 3 } }), 'ab', 'Name must be at least 3 characters'],
    [p({ properties: { maxLength: 2 } }), 'abc', 'Name must be at most 2 characters'],
    [p({ properties: { regex: '^[a-z]+$' } }), 'A1', 'Name must match ^[a-z]+$'],
    [
      p({ properties: { format: 'dns1123' } }),
      'My_Pod',
      "Name must be lower-case letters, digits, '-' and '.', starting and ending with a letter or digit",
    ],
    [p({ properties: { format: 'dns1123' } }), 'my-pod', undefined],
    [p({ type: 'duration' }), 'soon', 'Name must be a duration such as 30s, 5m or 1h'],
    [p({ type: 'duration' }), '1h30m', undefined],
    [p({ properties: { min: 1, max: 5 } }), '9', 'Name must be at most 5'],
    [p({ type: 'list', properties: { options: [{ value: 'a' }] } }), 'b', 'Name must be one of the options'],
    [p({ type: 'checkbox', required: true }), false, undefined],
  ])('%# %j', (param, value, expected) => {
    expect(paramError(param, value)).toBe(expected);
  });

  it('starts from the defaults and reports every field', () => {
    const params = [
      p({ name: 'a', default: 'x', required: true }),
      p({ name: 'b', type: 'checkbox', default: 'true' }),
      p({ name: 'c', required: true, label: 'C' }),
    ];
    const values = initialValues(params);
    expect(values).toEqual({ a: 'x', b: true });
    expect(formErrors(params, values)).toEqual({ c: 'C is required' });
  });
});

describe('mayApprove', () => {
  it('offers Approve to listed people and, when teams are listed, to anyone', async () => {
    const { mayApprove } = await import('./status.js');
    expect(mayApprove({ people: ['Eve@example.com'] }, 'eve@example.com')).toBe(true);
    expect(mayApprove({ people: ['eve@example.com'] }, 'ada@example.com')).toBe(false);
    expect(mayApprove({ teams: ['sre'] }, null)).toBe(true);
    expect(mayApprove(undefined, 'eve@example.com')).toBe(false);
  });
});
