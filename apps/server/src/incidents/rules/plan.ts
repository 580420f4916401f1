import { ACTIVE_INCIDENT_STATUSES, type IncidentRuleSpec, type IncidentStatus, parseDuration } from '@opsdeck/schema';
import type { CheckState } from './checkState.js';
import { matchesSelector } from './selector.js';

/** An incident rule whose spec parsed. */
export interface Rule {
  id: string;
  name: string;
  createdBy: string;
  spec: IncidentRuleSpec;
}

/** An incident a rule opened for a check (or component: `checkId` is then its id) and nobody has closed yet. */
export interface RuleIncident {
  id: string;
  ruleId: string;
  checkId: string;
  status: IncidentStatus;
  resolved: Date | null;
}

/** What one run of the rules decides to do. */
export type RuleAction =
  | { kind: 'open'; rule: Rule; check: CheckState }
  | { kind: 'resolve'; incidentId: string; rule: Rule; check: CheckState }
  | { kind: 'close'; incidentId: string; rule: Rule };

const ms = (duration: string | undefined): number | undefined =>
  duration === undefined ? undefined : parseDuration(duration);

const isActive = (status: IncidentStatus) => ACTIVE_INCIDENT_STATUSES.includes(status);

/**
 * Decides, for every rule (highest priority first) and every check its selectors match:
 * - open an incident when the check has been in a matching status (default `unhealthy`) for at
 *   least `filter.age` and the rule has no active incident for it (never a duplicate);
 * - resolve the active incident once the check has been recovered for `autoResolve.timeout`;
 * - close a resolved incident `autoClose.timeout` after it was resolved (or, without
 *   autoResolve, an active one that long after the recovery).
 * A rule with `breakOnMatch` keeps the checks it matched from lower-priority rules; outside its
 * hours of operation a rule opens nothing (it still resolves and closes).
 */
export function planRuleActions(
  rules: Rule[],
  checks: CheckState[],
  incidents: RuleIncident[],
  now: Date,
): RuleAction[] {
  const actions: RuleAction[] = [];
  const claimed = new Set<string>();
  const ordered = [...rules].sort(
    (a, b) => (b.spec.priority ?? 0) - (a.spec.priority ?? 0) || a.name.localeCompare(b.name),
  );
  const t = now.getTime();

  for (const rule of ordered) {
    const checkSelectors = rule.spec.checks ?? [];
    const componentSelectors = rule.spec.components ?? [];
    const objectiveSelectors = rule.spec.objectives ?? [];
    if (checkSelectors.length + componentSelectors.length + objectiveSelectors.length === 0) continue;
    const statuses = rule.spec.filter?.status?.length ? rule.spec.filter.status : ['unhealthy'];
    const ageMs = ms(rule.spec.filter?.age) ?? 0;
    const resolveMs = ms(rule.spec.autoResolve?.timeout);
    const closeMs = ms(rule.spec.autoClose?.timeout);
    const inOperation = inHoursOfOperation(rule.spec, now);

    for (const check of checks) {
      if (claimed.has(check.id)) continue;
      const selectors =
        check.kind === 'component'
          ? componentSelectors
          : check.kind === 'objective'
            ? objectiveSelectors
            : checkSelectors;
      if (!selectors.some((s) => matchesSelector(s, check))) continue;
      const mine = incidents.filter((i) => i.ruleId === rule.id && i.checkId === check.id);
      const active = mine.filter((i) => isActive(i.status));

      for (const i of mine) {
        if (i.status === 'resolved' && closeMs !== undefined && i.resolved && t >= i.resolved.getTime() + closeMs) {
          actions.push({ kind: 'close', incidentId: i.id, rule });
        }
      }

      const failing = check.deletedAt === null && check.status !== null && statuses.includes(check.status);
      if (failing && passesFilters(rule.spec, check)) {
        if (rule.spec.breakOnMatch) claimed.add(check.id);
        const since = check.lastTransitionTime?.getTime() ?? t;
        if (active.length === 0 && t >= since + ageMs && inOperation) actions.push({ kind: 'open', rule, check });
        continue;
      }

      const recoveredAt = check.deletedAt ?? (check.status !== null && !failing ? check.lastTransitionTime : null);
      if (!recoveredAt) continue;
      for (const i of active) {
        if (resolveMs !== undefined) {
          if (t >= recoveredAt.getTime() + resolveMs) actions.push({ kind: 'resolve', incidentId: i.id, rule, check });
        } else if (closeMs !== undefined && t >= recoveredAt.getTime() + closeMs) {
          actions.push({ kind: 'close', incidentId: i.id, rule });
        }
      }
    }
  }
  return actions;
}

/** The filter's severity and category lists, when given, must contain the check's (one of its categories). */
function passesFilters(spec: IncidentRuleSpec, check: CheckState): boolean {
  const { severity, category } = spec.filter ?? {};
  if (severity?.length && !severity.includes(check.severity ?? '')) return false;
  const categories = check.categories ?? [check.category ?? ''];
  if (category?.length && !category.some((c) => categories.includes(c))) return false;
  return true;
}

const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `now` (UTC) falls in one of the rule's windows; a window with `negate` matches outside
 * its hours, and one whose end is before its start spans midnight. No windows: always.
 */
export function inHoursOfOperation(spec: IncidentRuleSpec, now: Date): boolean {
  const windows = spec.hoursOfOperation ?? [];
  if (windows.length === 0) return true;
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  return windows.some((w) => {
    const start = minuteOfDay(w.start);
    const end = minuteOfDay(w.end);
    const inside = start <= end ? minute >= start && minute < end : minute >= start || minute < end;
    return inside !== (w.negate ?? false);
  });
}
