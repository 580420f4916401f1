import { describe, expect, it } from 'vitest';
import { defaultSort } from '../ViewRows.js';
import { fillDays, heatmapDays, level, weeks } from './heatmap.js';

describe('heatmap', () => {
  it('sums values per UTC day from the usual column names or the given ones', () => {
    expect(
      heatmapDays([
        { date: '2026-11-02T10:00:00Z', value: 2 },
        { date: '2026-11-02T23:00:00Z', value: 1 },
        { date: 'not a date', value: 9 },
        { date: '2026-11-01', value: 4 },
      ]),
    ).toEqual([
      { date: '2026-11-01', value: 4 },
      { date: '2026-11-02', value: 3 },
    ]);
    expect(heatmapDays([{ at: '2026-11-01', n: 5 }], 'at', 'n')).toEqual([{ date: '2026-11-01', value: 5 }]);
    // rows without a value count one each
    expect(heatmapDays([{ created_at: '2026-11-01' }, { created_at: '2026-11-01' }])).toEqual([
      { date: '2026-11-01', value: 2 },
    ]);
  });

  it('fills the missing days and lays them out in weeks from Sunday', () => {
    const days = fillDays([
      { date: '2026-11-03', value: 1 },
      { date: '2026-11-05', value: 2 },
    ]);
    expect(days.map((d) => d.value)).toEqual([1, 0, 2]);
    // 2026-11-03 is a Tuesday: two empty cells before it
    expect(weeks(days)[0]?.slice(0, 3)).toEqual([null, null, { date: '2026-11-03', value: 1 }]);
  });

  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [5, 10, 2],
    [10, 10, 4],
    [3, 0, 0],
  ])('level(%d of %d) is %d', (value, max, expected) => {
    expect(level(value, max)).toBe(expected);
  });
});

describe('defaultSort', () => {
  it.each([
    ['-age', { sortBy: 'age', sortOrder: 'desc' }],
    ['+name', { sortBy: 'name', sortOrder: 'asc' }],
    ['name desc', { sortBy: 'name', sortOrder: 'desc' }],
    [undefined, { sortBy: undefined, sortOrder: 'asc' }],
  ])('%s', (text, expected) => {
    expect(defaultSort(text)).toEqual(expected);
  });
});
