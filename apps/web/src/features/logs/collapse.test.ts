import { describe, expect, it } from 'vitest';
import type { LogLine } from './api.js';
import { collapseRepeats } from './collapse.js';

const line = (i: number, over: Partial<LogLine> = {}): LogLine => ({
  id: `f:${i}`,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 60 - i)).toISOString(),
  message: 'incoming request',
  labels: { app: 'shop' },
  severity: 'info',
  fields: { time: 1000 + i, msg: 'incoming request', req: { url: '/healthz' } },
  ...over,
});

describe('collapseRepeats', () => {
  it('shows a run of lines equal but for their time as one row with the count and every time', () => {
    const lines = [1, 2, 3].map((i) => line(i));
    const [row, ...rest] = collapseRepeats(lines);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      id: 'f:3', // the oldest line's: the row stays put while newer ones join it
      count: 3,
      timestamp: lines[0]?.timestamp,
      lastObserved: lines[0]?.timestamp,
      firstObserved: lines[2]?.timestamp,
      times: lines.map((l) => l.timestamp),
    });
  });

  it.each([
    ['message', { message: 'other' }],
    ['severity', { severity: 'warn' }],
    ['labels', { labels: { app: 'web' } }],
    ['a field', { fields: { time: 5, msg: 'incoming request', req: { url: '/api' } } }],
  ])('keeps lines apart that differ in their %s', (_, over) => {
    const rows = collapseRepeats([line(1), line(2, over), line(3)]);
    expect(rows.map((r) => r.count)).toEqual([undefined, undefined, undefined]);
    expect(rows.map((r) => r.id)).toEqual(['f:1', 'f:2', 'f:3']);
  });

  it('collapses only consecutive repeats, and leaves the lines it was given untouched', () => {
    const lines = [line(1), line(2), line(3, { message: 'x' }), line(4), line(5)];
    const rows = collapseRepeats(lines);
    expect(rows.map((r) => [r.message, r.count])).toEqual([
      ['incoming request', 2],
      ['x', undefined],
      ['incoming request', 2],
    ]);
    expect(lines[0]).not.toHaveProperty('count');
    expect(lines[0]?.id).toBe('f:1');
  });
});
