import { actionSchemas, parameterPropertiesSchema, playbookTriggersSchema } from '@opsdeck/schema';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { humanize, objectFields, type SchemaField } from './schemaNodes.js';

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
