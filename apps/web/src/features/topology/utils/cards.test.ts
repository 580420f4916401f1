import { describe, expect, it } from 'vitest';
import type { ComponentNode } from '../api.js';
import {
  cardWidth,
  formatLabelFilter,
  includedLabels,
  parseLabelFilter,
  passesExcluded,
  propertyText,
  sortComponents,
} from './cards.js';

describe('cardWidth', () => {
  it.each([
    [undefined, 554],
    ['554px', 554],
    [100, 250],
    [9999, 768],
    [301, 300],
    ['junk', 554],
  ])('%s -> %d', (stored, width) => {
    expect(cardWidth(stored)).toBe(width);
  });
});

describe('label filter', () => {
  it('round-trips include and exclude and drops malformed terms', () => {
    const f = parseLabelFilter('env=prod:1,team=a:-1,broken,x=y:7');
    expect(f).toEqual({ 'env=prod': 1, 'team=a': -1 });
    expect(formatLabelFilter(f)).toBe('env=prod:1,team=a:-1');
    expect(includedLabels(f)).toBe('env=prod');
    expect(passesExcluded({ labels: { team: 'a' } }, f)).toBe(false);
    expect(passesExcluded({ labels: { team: 'b' } }, f)).toBe(true);
  });
});

describe('sortComponents', () => {
  const c = (name: string, health: string) =>
    ({ name, health, text: null, type: null, updated_at: '' }) as unknown as ComponentNode;
  it('puts the worst health first by default', () => {
    const out = sortComponents([c('a', 'healthy'), c('b', 'unhealthy'), c('c', 'warning')], 'status', 'desc');
    expect(out.map((x) => x.name)).toEqual(['b', 'c', 'a']);
  });
  it('sorts by name', () => {
    expect(sortComponents([c('b', 'healthy'), c('a', 'healthy')], 'name', 'asc').map((x) => x.name)).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('propertyText', () => {
  it.each([
    [{ text: 'v1.2' }, 'v1.2'],
    [{ value: 40, unit: 'percent' }, '40%'],
    [{ value: 3, max: 8 }, '3 of 8'],
    [{}, ''],
  ])('%j -> %s', (p, text) => {
    expect(propertyText(p)).toBe(text);
  });
});
