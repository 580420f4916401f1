import { describe, expect, it } from 'vitest';
import { draftErrors, NEW_SPEC } from './topologyForm.js';

const draft = (extra: Partial<Parameters<typeof draftErrors>[0]>) => ({
  name: 'shop',
  namespace: 'default',
  labels: undefined,
  specText: NEW_SPEC,
  ...extra,
});

describe('draftErrors', () => {
  it('accepts the starting spec', () => {
    expect(draftErrors(draft({}))).toEqual({});
  });
  it('needs a name and a valid spec, naming the path', () => {
    expect(draftErrors(draft({ name: '' })).name).toBe('Name is required');
    expect(draftErrors(draft({ specText: 'components:\n  - name: x\n    colour: red\n' })).spec).toBe(
      'spec.components[0]: unknown field colour',
    );
    expect(draftErrors(draft({ specText: 'a: [' })).spec).toMatch(/^Invalid YAML/);
  });
});
