import { describe, expect, it } from 'vitest';
import { parseDateMath } from './datemath.js';

const NOW = new Date('2025-03-12T10:30:00Z');

describe('parseDateMath', () => {
  it.each([
    ['now', '2025-03-12T10:30:00.000Z'],
    ['now+2h', '2025-03-12T12:30:00.000Z'],
    ['now-1d', '2025-03-11T10:30:00.000Z'],
    ['now+30m', '2025-03-12T11:00:00.000Z'],
    ['now/d', '2025-03-12T00:00:00.000Z'],
    ['now+1d/d', '2025-03-13T00:00:00.000Z'],
    ['now+1M', '2025-04-12T10:30:00.000Z'],
    ['now/w', '2025-03-10T00:00:00.000Z'],
    ['2025-04-01T00:00:00Z', '2025-04-01T00:00:00.000Z'],
  ])('%s', (text, iso) => {
    const d = parseDateMath(text, NOW);
    expect(d instanceof Date && d.toISOString()).toBe(iso);
  });

  it('is null for empty text (until: indefinitely)', () => {
    expect(parseDateMath('  ', NOW)).toBeNull();
  });

  it.each(['tomorrow', 'now+2', 'now+2x', 'now 2h', '12/03/2025'])('rejects %s', (text) => {
    expect(parseDateMath(text, NOW)).toBeInstanceOf(Error);
  });
});
