import { describe, expect, it } from 'vitest';
import { objectivesKind } from './objectives.js';

const spec = {
  target: 99.9,
  window: '30d',
  indicator: { availability: { checks: { labelSelector: 'app=checkout' } } },
};
const validate = (values: Record<string, unknown>) => objectivesKind.validate?.(values) ?? {};

describe('Settings › Objectives validation', () => {
  it('accepts the issue example and a new row once a selector is chosen', () => {
    expect(validate({ name: 'checkout-availability', namespace: 'default', spec })).toEqual({});
    expect(Object.keys(validate({ ...objectivesKind.blank(), name: 'x' }))).toEqual(['spec.indicator']);
  });
  it('says which field is wrong', () => {
    expect(validate({ name: 'x', spec: { ...spec, target: 100 } })['spec.target']).toMatch('below 100');
    expect(validate({ name: 'x', spec: { ...spec, window: '30s' } })['spec.window']).toMatch('at least 1m');
    expect(validate({ name: '', spec }).name).toBe('This field is required');
  });
});
