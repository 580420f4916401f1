import { describe, expect, it } from 'vitest';
import { filtersSummary, NEW_RULE_YAML, parseSpecYaml, specToYaml, templateSeverity } from './incidentRuleSpec.js';

describe('parseSpecYaml', () => {
  it('accepts the starting spec of a new rule', () => {
    const r = parseSpecYaml(NEW_RULE_YAML);
    expect(r.ok).toBe(true);
  });

  it.each([
    ['', {}],
    ['# nothing yet\n', {}],
    ['template:\n  severity: High\n', { template: { severity: 'high' } }],
    ['filter:\n  age: 10m\n', { filter: { age: '10m' } }],
  ])('reads %j', (text, spec) => {
    expect(parseSpecYaml(text)).toEqual({ ok: true, spec });
  });

  it.each([
    ['checks: [', '', /^Invalid YAML: /],
    ['- a\n- b\n', '', /must be a map/],
    ['template:\n  severity: urgent\n', 'template.severity', /info.*blocker/],
    ['filter:\n  age: soon\n', 'filter.age', /must be a duration such as 30s/],
    ['hoursOfOperation:\n  - start: "9am"\n    end: "17:00"\n', 'hoursOfOperation.0.start', /time of day/],
    ['priority: high\n', 'priority', /number/],
  ])('points at the problem in %j', (text, path, message) => {
    const r = parseSpecYaml(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]?.path).toBe(path);
    expect(r.issues[0]?.message).toMatch(message);
  });
});

describe('filtersSummary', () => {
  it.each([
    [null, ''],
    [{}, ''],
    [{ template: { severity: 'high' } }, ''],
    [
      { checks: [{ name: 'api-*', labelSelector: 'team=pay' }], filter: { age: '5m' } },
      'checks: api-* [team=pay] · for 5m',
    ],
    [
      { components: [{ types: ['Database', 'Cache'], namespace: 'prod' }], filter: { status: ['unhealthy'] } },
      'components: in prod type Database|Cache · status unhealthy',
    ],
    [
      { objectives: [{ name: 'checkout-*' }], filter: { category: ['slo.burn.critical', 'slo.budget.exhausted'] } },
      'objectives: checkout-* · category slo.burn.critical|slo.budget.exhausted',
    ],
    [{ checks: [{}] }, 'checks: all'],
    [{ filter: { age: 'soon' } }, 'Invalid spec'],
  ])('summarises %j as %j', (spec, text) => {
    expect(filtersSummary(spec)).toBe(text);
  });
});

describe('templateSeverity and specToYaml', () => {
  it('reads the template severity, lower-cased like the server stores it', () => {
    expect(templateSeverity({ template: { severity: 'Medium' } })).toBe('medium');
    expect(templateSeverity({ checks: [] })).toBeUndefined();
    expect(templateSeverity('not a spec')).toBeUndefined();
  });

  it('round-trips a spec through YAML', () => {
    const spec = { checks: [{ name: 'a' }], template: { title: '{{ check.name }} is down', severity: 'high' } };
    expect(parseSpecYaml(specToYaml(spec))).toEqual({ ok: true, spec });
    expect(specToYaml(null)).toBe('');
  });
});
