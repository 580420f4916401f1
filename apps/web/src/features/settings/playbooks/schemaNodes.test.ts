import { actionSchemas, parameterPropertiesSchema, playbookTriggersSchema } from '@opsdeck/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { humanize, objectFields, pickKeys, type SchemaField, schemaErrors, withPart } from './schemaNodes.js';

const byKey = (schema: unknown) =>
  Object.fromEntries(objectFields(schema as z.ZodType).map((f) => [f.key, f])) as Record<string, SchemaField>;

describe('the widgets the schema calls for', () => {
  it.each([
    ['multiline', 'boolean'],
    ['min', 'number'],
    ['maxLength', 'number'],
    ['size', 'select'],
    ['regex', 'text'],
    ['options', 'list'],
    ['filter', 'list'],
  ])('a parameter property %s is a %s', (key, kind) => {
    expect(byKey(parameterPropertiesSchema)[key]?.node.kind).toBe(kind);
  });

  it('reads required keys, nested objects, maps and what only YAML can hold from an action schema', () => {
    const exec = byKey(actionSchemas.exec);
    expect(exec.script).toMatchObject({ required: true, node: { kind: 'text' } });
    expect(exec.checkout).toMatchObject({ required: false, node: { kind: 'object' } });
    expect(exec.connections?.node.kind).toBe('object');
    expect(exec.env?.node.kind).toBe('list');
    const notification = byKey(actionSchemas.notification);
    expect(notification.properties?.node.kind).toBe('map');
    expect(notification.title?.required).toBe(true);
  });

  it('offers the events of each trigger from its enum', () => {
    const config = byKey(playbookTriggersSchema).config?.node;
    expect(config?.kind).toBe('list');
    const event = config?.kind === 'list' && config.item.kind === 'object' ? config.item.fields[0] : undefined;
    expect(event).toMatchObject({ key: 'event', required: true, node: { kind: 'select' } });
    expect(event?.node.kind === 'select' && event.node.options).toContain('unhealthy');
  });

  it.each([
    ['allowSelfApproval', 'Allow self approval'],
    ['jwksURI', 'Jwks uri'],
    ['templateBody', 'Template body'],
  ])('words %s as "%s"', (key, words) => {
    expect(humanize(key)).toBe(words);
  });
});

describe('a section of a document', () => {
  const doc = { a: 1, b: 2, c: 3 };

  it('takes its keys and writes them back in place, removing the ones it cleared', () => {
    expect(pickKeys(doc, ['b', 'z'])).toEqual({ b: 2 });
    expect(Object.entries(withPart(doc, ['b'], { b: 5 }))).toEqual([
      ['a', 1],
      ['b', 5],
      ['c', 3],
    ]);
    expect(withPart(doc, ['a', 'b'], { a: 1 })).toEqual({ a: 1, c: 3 });
    expect(withPart(doc, ['d'], { d: 4 })).toEqual({ ...doc, d: 4 });
  });

  it('reads a recursive schema: the object inside itself is YAML', () => {
    const node: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(node).optional();
      },
    });
    const fields = objectFields(node);
    expect(fields.map((f) => f.key)).toEqual(['name', 'children']);
    expect(fields[1]?.node).toEqual({ kind: 'list', item: { kind: 'yaml' } });
  });
});

describe('schemaErrors', () => {
  const schema = z.strictObject({ name: z.string(), kind: z.enum(['a', 'b']), list: z.array(z.number()).optional() });

  it('words a missing value as required and keeps the schema words for a wrong one, by path', () => {
    expect(schemaErrors(schema, { kind: 'c', list: ['x'], extra: 1 }, 'spec')).toEqual({
      'spec.name': 'This field is required',
      'spec.kind': 'Invalid option: expected one of "a"|"b"',
      'spec.list[0]': 'expected number, received string',
      'spec.extra': 'unknown field',
    });
    expect(schemaErrors(schema, { name: 'n', kind: 'a' }, 'spec')).toEqual({});
  });
});
