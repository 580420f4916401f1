import { describe, expect, it } from 'vitest';
import { disabledFeatures, isFeatureDisabled } from './featureFlags.js';

describe('disabledFeatures', () => {
  it('keeps only {feature}.disable = true', () => {
    const set = disabledFeatures([
      { name: 'incidents.disable', value: 'true' },
      { name: 'logs.disable', value: 'false' },
      { name: 'settings.connections.disable', value: ' TRUE ' },
      { name: 'health.disable', value: null },
      { name: 'playbooks.enable', value: 'true' },
      { name: '.disable', value: 'true' },
    ]);
    expect([...set].sort()).toEqual(['incidents', 'settings.connections']);
  });
});

describe('isFeatureDisabled', () => {
  const disabled = new Set(['incidents', 'settings', 'catalog.changes']);
  it.each([
    ['incidents', true],
    ['incidents.detail', true],
    ['incidentsx', false],
    ['settings.connections', true],
    ['settings', true],
    ['catalog', false],
    ['catalog.changes', true],
    ['catalog.insights', false],
    ['health', false],
    [undefined, false],
  ])('%s -> %s', (feature, expected) => {
    expect(isFeatureDisabled(feature, disabled)).toBe(expected);
  });
});
