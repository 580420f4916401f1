import { describe, expect, it } from 'vitest';
import { newTopologySpec } from './topologyForm.js';
import {
  COMPONENT_FIELDS,
  COMPONENT_MORE,
  lookupChecks,
  TOPOLOGY_SPEC_FIELDS,
  topologyErrors,
  withLookupCheck,
} from './topologySpecForm.js';

describe('the topology form read from the Topology schema', () => {
  it('reads the recursive component schema without looping: children and forEach are their own parts', () => {
    expect(COMPONENT_FIELDS.find((f) => f.key === 'name')?.node.kind).toBe('text');
    expect(COMPONENT_FIELDS.find((f) => f.key === 'health')).toMatchObject({
      node: { kind: 'select', options: ['healthy', 'unhealthy', 'warning', 'unknown'] },
    });
    expect(COMPONENT_FIELDS.find((f) => f.key === 'components')?.node).toEqual({
      kind: 'list',
      item: { kind: 'yaml' },
    });
    expect(COMPONENT_MORE).not.toContain('lookup');
    expect(COMPONENT_MORE).toContain('forEach');
    expect(TOPOLOGY_SPEC_FIELDS.find((f) => f.key === 'schedule')?.node.kind).toBe('text');
  });
});

describe('lookups', () => {
  const lookup = { http: [{ name: 'a', url: 'http://a' }], schedule: '@every 1m', tcp: [{ name: 'b' }] };

  it('lists the checks of each type and leaves other keys', () => {
    expect(lookupChecks(lookup)).toEqual([
      { type: 'http', index: 0, check: { name: 'a', url: 'http://a' } },
      { type: 'tcp', index: 0, check: { name: 'b' } },
    ]);
  });

  it('adds, replaces and removes a check, dropping an emptied type', () => {
    expect(withLookupCheck(undefined, 'http', 0, { name: 'x' })).toEqual({ http: [{ name: 'x' }] });
    expect(withLookupCheck(lookup, 'tcp', 0, undefined)).toEqual({ http: lookup.http, schedule: '@every 1m' });
    expect(withLookupCheck({ http: [{ name: 'a' }] }, 'http', 0, undefined)).toBeUndefined();
  });
});

describe('topologyErrors', () => {
  it('accepts a new topology once named', () => {
    expect(topologyErrors({ name: 'shop', spec: newTopologySpec() })).toEqual({});
  });

  it("holds each lookup check to its type's required fields, nested components too", () => {
    const spec = {
      components: [
        { name: 'a', lookup: { http: [{ name: '' }] } },
        { name: 'b', components: [{ name: 'c', lookup: { tcp: [{ name: 't' }] } }] },
      ],
    };
    expect(topologyErrors({ name: 'shop', spec })).toMatchObject({
      'spec.components[0].lookup.http[0].name': 'This field is required',
      'spec.components[0].lookup.http[0].url': 'This field is required',
      'spec.components[1].components[0].lookup.tcp[0].endpoint': 'This field is required',
    });
  });

  it('names the schema problems by path', () => {
    expect(topologyErrors({ name: 'shop', spec: { components: [{ colour: 'red' }] } })).toEqual({
      'spec.components[0].colour': 'unknown field',
    });
  });
});
