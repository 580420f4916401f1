import { VIEW_COLUMN_TYPES } from '@opsdeck/schema';
import { describe, expect, it } from 'vitest';
import {
  COLUMN_FIELDS,
  columnFields,
  newQueryName,
  newViewSpec,
  QUERY_FIELDS,
  querySource,
  renamedQuery,
  viewFieldErrors,
  withQuerySource,
} from './viewSpecForm.js';

describe('the view form read from the View schema', () => {
  it('offers every column type of the schema and marks name and type required', () => {
    const type = COLUMN_FIELDS.find((f) => f.key === 'type');
    expect(type).toMatchObject({ required: true, node: { kind: 'select' } });
    expect(type?.node.kind === 'select' && type.node.options).toEqual([...VIEW_COLUMN_TYPES]);
    expect(COLUMN_FIELDS.find((f) => f.key === 'name')?.required).toBe(true);
    expect(COLUMN_FIELDS.find((f) => f.key === 'primaryKey')?.node.kind).toBe('boolean');
  });

  it.each([
    ['configs', 'types', 'strings'],
    ['sql', 'query', 'text'],
    ['prometheus', 'query', 'text'],
    ['http', 'method', 'select'],
  ])('a %s query edits %s as %s', (source, key, kind) => {
    const node = QUERY_FIELDS.find((f) => f.key === source)?.node;
    const field = node?.kind === 'object' ? node.fields.find((f) => f.key === key) : undefined;
    expect(field?.node.kind).toBe(kind);
  });

  it.each([
    ['gauge', ['gauge'], ['badge', 'configItem']],
    ['badge', ['badge'], ['gauge', 'configItem']],
    ['config_item', ['configItem'], ['gauge', 'badge']],
    ['string', [], ['gauge', 'badge', 'configItem']],
  ])('a %s column offers its own options', (type, shown, hidden) => {
    const keys = columnFields({ name: 'c', type }).map((f) => f.key);
    for (const k of shown) expect(keys).toContain(k);
    for (const k of hidden) expect(keys).not.toContain(k);
    expect(keys).toContain('url');
  });

  it('keeps an option group of another type while it is set', () => {
    expect(columnFields({ type: 'string', gauge: { max: 1 } }).map((f) => f.key)).toContain('gauge');
  });
});

describe('queries', () => {
  it('switches a source and keeps the column types', () => {
    const q = { configs: { types: ['A'] }, columns: { name: 'string' } };
    expect(querySource(q)).toBe('configs');
    expect(withQuerySource(q, 'checks')).toEqual({ checks: {}, columns: { name: 'string' } });
    expect(withQuerySource(q, 'configs')).toEqual(q);
  });

  it('renames in place and refuses a name in use', () => {
    const queries = { a: { configs: {} }, b: { checks: {} } };
    expect(Object.keys(renamedQuery(queries, 'a', 'c') ?? {})).toEqual(['c', 'b']);
    expect(renamedQuery(queries, 'a', 'b')).toBeUndefined();
    expect(newQueryName(queries)).toBe('items');
    expect(newQueryName({ items: {}, items_2: {} })).toBe('items_3');
  });
});

describe('viewFieldErrors', () => {
  it('accepts a new view once named', () => {
    expect(viewFieldErrors({ name: 'inventory', namespace: 'default', spec: newViewSpec() })).toEqual({});
  });

  it('words missing values as the other forms and names each path', () => {
    const errors = viewFieldErrors({
      name: '',
      namespace: '',
      spec: { queries: { items: { configs: {} } }, columns: [{ name: 'name', primaryKey: true }, { type: 'gauge' }] },
    });
    expect(errors).toMatchObject({
      name: 'This field is required',
      namespace: 'This field is required',
      'spec.columns[0].type': 'This field is required',
      'spec.columns[1].name': 'This field is required',
    });
  });

  it('passes on the rules of the whole spec: a primary key, a query', () => {
    expect(viewFieldErrors({ name: 'v', namespace: 'd', spec: { columns: [{ name: 'a', type: 'string' }] } })).toEqual({
      'spec.queries': 'a view needs at least one query (or only sections)',
      'spec.columns': 'one column must be the primaryKey',
    });
    expect(viewFieldErrors({ name: 'a b', namespace: 'd', spec: newViewSpec() }).name).toBe(
      'must be letters, digits, dots or dashes',
    );
  });
});
