import { describe, expect, it } from 'vitest';
import { formatValue, propertyDisplay, safeUrl, usedShare, visibleProperties } from './properties.js';

describe('config item properties', () => {
  it('formats values in their unit', () => {
    expect(formatValue(536_870_912, 'bytes')).toBe('512 MiB');
    expect(formatValue(1536, 'bytes')).toBe('1.5 KiB');
    expect(formatValue(250, 'millicores')).toBe('250m');
    expect(formatValue(1500, 'millicores')).toBe('1.5 cores');
    expect(formatValue(120, 'ms')).toBe('120 ms');
    expect(formatValue(2500, 'milliseconds')).toBe('2.5 s');
    expect(formatValue(42, 'percent')).toBe('42%');
    expect(formatValue(3, 'pods')).toBe('3 pods');
    expect(formatValue(7)).toBe('7');
  });

  it('reads as text, else value of max with the share used', () => {
    expect(propertyDisplay({ name: 'a', text: 'hello', value: 3 })).toBe('hello');
    expect(propertyDisplay({ name: 'mem', value: 805_306_368, max: 1_073_741_824, unit: 'bytes' })).toBe(
      '768 MiB of 1 GiB',
    );
    expect(usedShare({ name: 'mem', value: 768, max: 1024 })).toBe(75);
    expect(usedShare({ name: 'x', value: 1 })).toBeUndefined();
  });

  it('opens only http(s) and mailto links', () => {
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeUrl('mailto:ops@example.com')).toBe('mailto:ops@example.com');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl(42)).toBeUndefined();
  });

  it('leaves out hidden, empty and malformed properties and sorts by order', () => {
    expect(
      visibleProperties([
        { name: 'b', text: 'B', order: 2 },
        { name: 'hidden', text: 'x', hidden: true },
        { name: 'empty' },
        { name: 'links', links: [{ url: 'https://x' }] },
        'junk',
        { text: 'no name' },
        { name: 'a', text: 'A', order: 1 },
      ]).map((p) => p.name),
    ).toEqual(['links', 'a', 'b']);
    expect(visibleProperties(null)).toEqual([]);
  });
});
