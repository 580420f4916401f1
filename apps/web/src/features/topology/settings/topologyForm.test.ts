import { describe, expect, it } from 'vitest';
import { checkTopologyYaml, newTopologySpec, topologyFieldErrors } from './topologyForm.js';

describe('topology settings form', () => {
  it.each([
    ['', 'This field is required'],
    ['shop floor', 'Letters, digits, dots or dashes'],
    ['shop', undefined],
  ])('name %j', (name, message) => {
    expect(topologyFieldErrors({ name }).name).toBe(message);
  });

  it('accepts the starting spec and names the path of a problem', () => {
    expect(checkTopologyYaml({ spec: newTopologySpec() }).ok).toBe(true);
    expect(checkTopologyYaml({ spec: { components: [{ name: 'x', colour: 'red' }] } })).toEqual({
      ok: false,
      issues: [{ path: 'spec.components[0].colour', message: 'unknown field' }],
    });
    expect(checkTopologyYaml({ labels: { team: 1 }, spec: {} })).toEqual({
      ok: false,
      issues: [{ path: 'labels', message: 'expected a map of text values' }],
    });
    expect(checkTopologyYaml({ spec: null })).toEqual({
      ok: false,
      issues: [{ path: 'spec', message: 'This field is required' }],
    });
  });
});
