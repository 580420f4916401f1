import { describe, expect, it } from 'vitest';
import { type CatalogListFilters, configListParams, listValue, summaryBody, triStateParams } from './catalogFilters.js';

describe('catalog list filters', () => {
  it.each([
    [{}, { deleted_at: 'is.null' }],
    [{ showDeleted: true }, {}],
    [{ configType: 'Kubernetes::Pod', showDeleted: true }, { type: 'eq.Kubernetes::Pod' }],
    [{ health: { healthy: 1, warning: 1 }, showDeleted: true }, { health: ['in.(healthy,warning)'] }],
    [{ status: { Running: 1, Failed: -1 }, showDeleted: true }, { status: ['in.(Running)', 'not.in.(Failed)'] }],
    [
      { labels: { team____platform: 1, 'team____data ops': 1, app____api: -1 }, showDeleted: true },
      { 'labels->>team': ['in.(platform,"data ops")'], 'labels->>app': ['not.in.(api)'] },
    ],
    [{ tags: { env____prod: 1 }, showDeleted: true }, { 'tags->>env': ['in.(prod)'] }],
    [
      { search: 'ng(i),nx*', showDeleted: true },
      {
        or: '(name.ilike.*ng i  nx*,type.ilike.*ng i  nx*,description.ilike.*ng i  nx*,namespace.ilike.*ng i  nx*)',
      },
    ],
  ] as Array<[CatalogListFilters, Record<string, unknown>]>)('%j -> %j', (filters, params) => {
    expect(configListParams(filters)).toEqual(params);
  });

  it('quotes list values that hold separators', () => {
    expect(listValue('a,b')).toBe('"a,b"');
    expect(listValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(listValue('plain')).toBe('plain');
    expect(triStateParams({})).toEqual([]);
  });

  it('builds the summary body from the same filters', () => {
    expect(
      summaryBody({ health: { unhealthy: 1, unknown: -1 }, labels: { team____a: -1 }, tags: { env____prod: 1 } }),
    ).toMatchObject({
      groupBy: ['config_class', 'type'],
      health: 'unhealthy,!unknown',
      filter: { team: '!a' },
      tags: ['env=prod'],
      deleted: false,
    });
  });
});
