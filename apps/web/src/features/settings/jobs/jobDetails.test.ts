import { describe, expect, it } from 'vitest';
import { jobDetailTabs, jobErrors, jobResourceLink } from './jobDetails.js';

describe('job details', () => {
  it.each([
    ['a string', { errors: 'boom' }, [{ message: 'boom' }]],
    ['a list', { errors: ['a', 'b'] }, [{ message: 'a' }, { message: 'b' }]],
    ['a map', { errors: { pod: { error: { error: 'gone' } } } }, [{ key: 'pod', message: 'gone' }]],
    ['nothing', {}, []],
  ])('reads errors given as %s', (_n, details, expected) => {
    expect(jobErrors(details)).toEqual(expected);
  });

  it('shows only non-empty tabs, none when all are empty', () => {
    expect(jobDetailTabs({ errors: [], scrape_summary: {}, summary: { added: 1 } })).toEqual(['summary']);
    expect(jobDetailTabs({ errors: 'x', scrape_summary: { a: 1 } })).toEqual(['errors', 'scrape_summary']);
    expect(jobDetailTabs(null)).toEqual([]);
  });

  it.each([
    ['canary', '/settings/canaries/1'],
    ['config_scraper', '/catalog/scrapers/1'],
    ['topology', '/settings/topologies/1'],
    ['agent', '/settings/agents?id=1'],
    ['unknown', undefined],
  ])('links a %s to %s', (type, link) => {
    expect(jobResourceLink(type, '1')).toBe(link);
  });
});
