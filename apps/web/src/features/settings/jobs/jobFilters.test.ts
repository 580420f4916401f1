import { describe, expect, it } from 'vitest';
import { jobFilterParams, jobsEmptyMessage, readJobFilters } from './jobFilters.js';

const NOW = new Date('2026-01-10T12:00:00Z');

describe('jobs history filters', () => {
  it('excludes successes over the last two days by default', () => {
    const f = readJobFilters(new URLSearchParams());
    expect(jobFilterParams(f, NOW)).toEqual({
      and: '(status.not.in.("SUCCESS"))',
      created_at: 'gte.2026-01-08T12:00:00.000Z',
    });
  });

  it.each([
    ['name=scrape', { name: 'eq.scrape' }],
    ['resourceType=canary', { resource_type: 'eq.canary' }],
    ['status=FAILED:1,WARNING:1', { and: '(status.in.("FAILED","WARNING"))' }],
    ['status=', {}],
    ['duration=60000', { duration_millis: 'gte.60000' }],
    ['duration=abc', {}],
  ])('%s', (query, expected) => {
    const params = jobFilterParams(
      readJobFilters(new URLSearchParams(query.startsWith('status') ? query : `status=&${query}`)),
      NOW,
    );
    const { created_at: _, ...rest } = params;
    expect(rest).toEqual(expected);
  });

  it('reads a relative time range', () => {
    const f = readJobFilters(new URLSearchParams('range=now-1h'));
    expect(jobFilterParams(f, NOW).created_at).toBe('gte.2026-01-10T11:00:00.000Z');
  });
});

describe('jobs history empty state', () => {
  it.each([
    ['', /Successful runs are hidden by default/],
    ['status=SUCCESS:-1,FAILED:1', /Successful runs are hidden by default/],
    ['status=', /^No data available$/],
    ['status=SUCCESS:1', /^No data available$/],
  ])('?%s', (query, message) => {
    expect(jobsEmptyMessage(readJobFilters(new URLSearchParams(query)))).toMatch(message);
  });
});
