import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dateFormat.js';

const at = '2026-03-10T12:00:05Z';

describe('formatDateTime', () => {
  it.each([
    ['timestamp', 'UTC', '2026-03-10 12:00:05'],
    ['timestamp', 'Asia/Tokyo', '2026-03-10 21:00:05'],
    ['timestamp', 'America/New_York', '2026-03-10 08:00:05'],
    ['short', 'UTC', '3/10/26, 12:00 PM'],
    ['medium', 'UTC', 'Mar 10, 2026, 12:00:05 PM'],
    ['full', 'UTC', 'Tuesday, March 10, 2026 at 12:00:05 PM UTC'],
  ] as const)('%s in %s', (format, tz, expected) => {
    expect(formatDateTime(at, format, tz, 'en-US').replace(/\u202f/g, ' ')).toBe(expected);
  });

  it('uses the browser zone for Browser and survives an unknown zone', () => {
    expect(formatDateTime(at, 'timestamp', 'Browser')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(formatDateTime(at, 'timestamp', 'Mars/Olympus')).toBe(formatDateTime(at, 'timestamp', 'Browser'));
  });

  it('gives nothing for a missing or bad date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});
