import { describe, expect, it } from 'vitest';
import { incidentRulesKind } from './kinds/incidentRules.js';
import { notificationsKind as kind } from './kinds/notifications.js';
import { bodyOf, parseYamlColumns, yamlOf } from './resourceValues.js';

describe('resource values', () => {
  it('round-trips the YAML columns and clears those left out', () => {
    const text = yamlOf(kind, { name: 'x', custom_services: [{ url: 'slack://****' }], wait_for: 60 });
    expect(text).toContain('custom_services');
    const parsed = parseYamlColumns(kind, 'wait_for: 30\n');
    expect(parsed.ok && parsed.values.wait_for).toBe(30);
    expect(parsed.ok && parsed.values.custom_services).toBeNull();
  });

  it.each([
    ['name: x', 'unknown field name'],
    ['- a', 'must be a mapping'],
    ['a: [', ''],
  ])('refuses %j', (text, message) => {
    const parsed = parseYamlColumns(kind, text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });

  it('leaves name and namespace out of an update, and sends empty text as null', () => {
    const form = { name: 'n', namespace: 'default', events: ['check.failed'], filter: '  ', title: 't' };
    expect(bodyOf(kind, form, {}, true)).not.toHaveProperty('name');
    expect(bodyOf(kind, form, {}, false)).toMatchObject({ name: 'n', filter: null, title: 't' });
  });

  it('edits an incident rule spec as the YAML document itself, checked by the server schema', () => {
    const spec = { checks: [{ name: 'api-*' }], template: { severity: 'high' } };
    const text = yamlOf(incidentRulesKind, { name: 'r', spec });
    expect(text).toMatch(/^checks:/);
    const parsed = parseYamlColumns(incidentRulesKind, text);
    expect(parsed.ok && parsed.values).toEqual({ spec });
    const check = incidentRulesKind.checkYaml?.check;
    expect(check?.({ template: { severity: 'High' } })).toEqual({
      ok: true,
      value: { template: { severity: 'high' } },
    });
    const bad = check?.({ template: { severity: 'urgent' } });
    expect(bad?.ok === false && bad.issues[0]?.path).toBe('template.severity');
  });
});
