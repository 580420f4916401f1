import { describe, expect, it } from 'vitest';
import type { CheckState } from '../../src/incidents/rules/checkState.js';
import { inHoursOfOperation, planRuleActions, type Rule, type RuleIncident } from '../../src/incidents/rules/plan.js';
import { matchesLabelSelector, matchesSelector } from '../../src/incidents/rules/selector.js';
import { renderTemplate } from '../../src/incidents/rules/template.js';

const MIN = 60_000;
const t0 = new Date('2031-01-01T00:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * MIN);

function check(overrides: Partial<CheckState> = {}): CheckState {
  return {
    id: 'c1',
    name: 'api',
    namespace: 'prod',
    type: 'http',
    labels: { team: 'pay' },
    status: 'unhealthy',
    severity: 'high',
    category: null,
    lastTransitionTime: t0,
    deletedAt: null,
    ...overrides,
  };
}

function rule(spec: Rule['spec'], id = 'r1'): Rule {
  return { id, name: id, createdBy: 'p1', spec: { checks: [{}], ...spec } };
}

const incident = (o: Partial<RuleIncident> = {}): RuleIncident => ({
  id: 'i1',
  ruleId: 'r1',
  checkId: 'c1',
  status: 'open',
  resolved: null,
  ...o,
});

describe('label selectors', () => {
  it.each([
    ['team=pay', true],
    ['team==pay', true],
    ['team!=pay', false],
    ['team=ops', false],
    ['team', true],
    ['!team', false],
    ['env', false],
    ['team=pay, !env', true],
  ])('%s -> %s', (selector, expected) => {
    expect(matchesLabelSelector(selector, { team: 'pay' })).toBe(expected);
  });

  it('matches names and namespaces by glob and types exactly', () => {
    expect(matchesSelector({ name: 'api*', namespace: 'pr*', types: ['http'] }, check())).toBe(true);
    expect(matchesSelector({ name: 'web*' }, check())).toBe(false);
    expect(matchesSelector({ types: ['dns'] }, check())).toBe(false);
  });
});

describe('templates', () => {
  it('fills check fields in both placeholder styles and blanks unknown ones', () => {
    expect(renderTemplate('{{check.name}} / {{ .check.namespace }} / {{check.nope}}', { check: check() })).toBe(
      'api / prod / ',
    );
  });
});

describe('planRuleActions', () => {
  it('waits for filter.age before opening, and never opens beside an active incident', () => {
    const r = rule({ filter: { age: '5m' } });
    expect(planRuleActions([r], [check()], [], at(4))).toEqual([]);
    expect(planRuleActions([r], [check()], [], at(5)).map((a) => a.kind)).toEqual(['open']);
    expect(planRuleActions([r], [check()], [incident({ status: 'investigating' })], at(60))).toEqual([]);
  });

  it('applies the status, severity and category filters', () => {
    expect(planRuleActions([rule({ filter: { status: ['healthy'] } })], [check()], [], at(1))).toEqual([]);
    expect(planRuleActions([rule({ filter: { severity: ['critical'] } })], [check()], [], at(1))).toEqual([]);
    expect(planRuleActions([rule({ filter: { severity: ['high'] } })], [check()], [], at(1))).toHaveLength(1);
  });

  it('resolves after recovery plus autoResolve, and closes autoClose after resolution', () => {
    const r = rule({ autoResolve: { timeout: '10m' }, autoClose: { timeout: '1h' } });
    const healthy = check({ status: 'healthy', lastTransitionTime: at(0) });
    expect(planRuleActions([r], [healthy], [incident()], at(9))).toEqual([]);
    expect(planRuleActions([r], [healthy], [incident()], at(10)).map((a) => a.kind)).toEqual(['resolve']);
    const resolved = incident({ status: 'resolved', resolved: at(10) });
    expect(planRuleActions([r], [healthy], [resolved], at(69))).toEqual([]);
    expect(planRuleActions([r], [healthy], [resolved], at(70)).map((a) => a.kind)).toEqual(['close']);
  });

  it('counts a deleted check as recovered when it was deleted', () => {
    const r = rule({ autoResolve: { timeout: '1m' } });
    const gone = check({ deletedAt: at(3) });
    expect(planRuleActions([r], [gone], [incident()], at(4)).map((a) => a.kind)).toEqual(['resolve']);
  });

  it('closes straight from active when only autoClose is set', () => {
    const r = rule({ autoClose: { timeout: '30m' } });
    const healthy = check({ status: 'healthy', lastTransitionTime: at(0) });
    expect(planRuleActions([r], [healthy], [incident()], at(30)).map((a) => a.kind)).toEqual(['close']);
  });

  it('lets a higher-priority breakOnMatch rule keep a check from the others', () => {
    const high = rule({ priority: 5, breakOnMatch: true }, 'high');
    const low = rule({ priority: 1 }, 'low');
    const actions = planRuleActions([low, high], [check()], [], at(1));
    expect(actions.map((a) => a.rule.id)).toEqual(['high']);
  });
});

describe('hours of operation', () => {
  const utc = (hhmm: string) => new Date(`2031-01-01T${hhmm}:00Z`);
  it.each([
    [[{ start: '09:00', end: '17:00' }], '08:59', false],
    [[{ start: '09:00', end: '17:00' }], '09:00', true],
    [[{ start: '09:00', end: '17:00' }], '17:00', false],
    [[{ start: '22:00', end: '06:00' }], '23:30', true],
    [[{ start: '22:00', end: '06:00' }], '05:59', true],
    [[{ start: '22:00', end: '06:00' }], '12:00', false],
    [[{ start: '09:00', end: '17:00', negate: true }], '12:00', false],
    [[{ start: '09:00', end: '17:00', negate: true }], '20:00', true],
    [[], '03:00', true],
  ])('%j at %s -> %s', (windows, hhmm, expected) => {
    expect(inHoursOfOperation({ hoursOfOperation: windows }, utc(hhmm))).toBe(expected);
  });

  it('opens nothing outside the hours but still resolves', () => {
    const r = rule({ hoursOfOperation: [{ start: '09:00', end: '17:00' }], autoResolve: { timeout: '1m' } });
    const night = new Date('2031-01-01T02:00:00Z');
    expect(planRuleActions([r], [check({ lastTransitionTime: t0 })], [], night)).toEqual([]);
    const healthy = check({ status: 'healthy', lastTransitionTime: t0 });
    expect(planRuleActions([r], [healthy], [incident()], night).map((a) => a.kind)).toEqual(['resolve']);
  });
});
