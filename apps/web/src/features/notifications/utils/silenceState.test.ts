import { describe, expect, it } from 'vitest';
import { silencedResource, silenceState } from './silenceState.js';

const NOW = new Date('2025-03-12T10:00:00Z');

describe('silenceState', () => {
  it.each([
    [{ from: '2025-03-12T09:00:00Z', until: null, deleted_at: null }, 'active'],
    [{ from: '2025-03-12T09:00:00Z', until: '2025-03-12T11:00:00Z', deleted_at: null }, 'active'],
    [{ from: '2025-03-12T11:00:00Z', until: null, deleted_at: null }, 'scheduled'],
    [{ from: '2025-03-11T09:00:00Z', until: '2025-03-12T09:00:00Z', deleted_at: null }, 'expired'],
    [{ from: null, until: null, deleted_at: '2025-03-12T09:30:00Z' }, 'deleted'],
  ] as const)('%j is %s', (s, state) => {
    expect(silenceState(s, NOW)).toBe(state);
  });
});

describe('silencedResource', () => {
  const none = { check_id: null, canary_id: null, config_id: null, component_id: null };
  it('names the one resource set, or null for a filter-only silence', () => {
    expect(silencedResource({ ...none, config_id: 'c1' })).toEqual({ kind: 'config', id: 'c1' });
    expect(silencedResource(none)).toBeNull();
  });
});
