import { DEFAULT_OBJECTIVE_ALERTS, type ObjectiveChecks, type ObjectiveFigures, parseDuration } from '@opsdeck/schema';
import type { Executor } from '../events/queue.js';
import { occurrences } from '../maintenance/spec.js';
import { loadMaintenanceWindows, type MaintenanceWindow, windowCovers } from '../maintenance/windows.js';
import { liveChecks, type PageItem } from '../statusPages/items.js';
import { type Budget, type BudgetAlert, computeBudget } from './budget.js';
import { selectObjectiveChecks } from './checks.js';
import { hoursFingerprint, minutesWithKeptHours } from './hours.js';
import { type Exclusion, type MinuteRule, readMinutes } from './minutes.js';
import type { StoredObjective } from './store.js';

const ms = (d: string) => parseDuration(d) ?? 0;

/** What one computation read besides the figures (the detail page shows it). */
export interface ObjectiveComputation {
  figures: ObjectiveFigures;
  budget: Budget;
  checks: PageItem[];
  /** The maintenance intervals that covered a selected check inside the window. */
  maintenance: Array<{ window: MaintenanceWindow; start: number; end: number }>;
  from: number;
}

/** What several objectives computed at once share: the live checks and maintenance windows. */
export interface Shared {
  live: PageItem[];
  windows: MaintenanceWindow[];
}

export async function loadShared(db: Executor): Promise<Shared> {
  const [live, windows] = await Promise.all([liveChecks(db), loadMaintenanceWindows(db)]);
  return { live, windows };
}

/** The alerts of a spec, the SRE workbook's pair when it names none. */
export function objectiveAlerts(o: StoredObjective): BudgetAlert[] {
  return (o.spec.alerts?.length ? o.spec.alerts : DEFAULT_OBJECTIVE_ALERTS).map((a) => ({
    ...a,
    longMs: ms(a.long),
    shortMs: ms(a.short),
  }));
}

function indicatorOf(o: StoredObjective): { checks: ObjectiveChecks; rule: MinuteRule } {
  const { availability, latency } = o.spec.indicator;
  if (latency) {
    return {
      checks: latency.checks,
      rule: { kind: 'latency', thresholdMs: ms(latency.threshold), percentile: latency.percentile },
    };
  }
  return { checks: (availability as { checks: ObjectiveChecks }).checks, rule: { kind: 'availability' } };
}

/** What an objective reads: its minute rule, the checks it selects and the maintenance windows covering them. */
export interface ObjectiveSelection {
  rule: MinuteRule;
  checks: PageItem[];
  windowMs: number;
  /** Each maintenance window covering a selected check, with the checks it covers. */
  covering: Array<{ window: MaintenanceWindow; checks: PageItem[] }>;
  /** What the kept hours of this selection are computed from (hours.ts). */
  fingerprint: string;
}

export async function selectObjective(db: Executor, o: StoredObjective, shared: Shared): Promise<ObjectiveSelection> {
  const { checks: selector, rule } = indicatorOf(o);
  const checks = await selectObjectiveChecks(db, selector, shared.live);
  const covering = shared.windows.flatMap((window) => {
    const covered = checks.filter((c) => windowCovers(window, 'check', c));
    return covered.length ? [{ window, checks: covered }] : [];
  });
  const fingerprint = hoursFingerprint(
    rule,
    checks.map((c) => c.id),
    covering.map((w) => ({ id: w.window.id, spec: w.window.spec, checkIds: w.checks.map((c) => c.id) })),
  );
  return { rule, checks, windowMs: ms(o.spec.window), covering, fingerprint };
}

/** The maintenance occurrences overlapping [from, to) as exclusions of the checks each covers. */
export function exclusionsOf(s: ObjectiveSelection, from: number, to: number): Exclusion[] {
  return s.covering.flatMap(({ window, checks }) =>
    occurrences(window.window, from, to).flatMap(([start, end]) => checks.map((c) => ({ checkId: c.id, start, end }))),
  );
}

/**
 * Computes an objective's figures at `now`, maintenance time left out: the hours the evaluation
 * keeps (hours.ts) and, for the rest of the window, stored results.
 */
export async function computeObjective(
  db: Executor,
  o: StoredObjective,
  now: number,
  shared?: Shared,
): Promise<ObjectiveComputation> {
  const sel = await selectObjective(db, o, shared ?? (await loadShared(db)));
  const { rule, checks, windowMs } = sel;
  const from = now - windowMs;
  const maintenance: ObjectiveComputation['maintenance'] = sel.covering.flatMap(({ window }) =>
    occurrences(window.window, from, now).map(([start, end]) => ({ window, start, end })),
  );
  const exclusions = exclusionsOf(sel, from, now);
  const ids = checks.map((c) => c.id);
  const series = ids.length
    ? await minutesWithKeptHours(db, o.id, sel.fingerprint, from, now, (a, b) =>
        readMinutes(db, ids, rule, a, b, exclusions),
      )
    : { minutes: [], hours: [] };
  const budget = computeBudget({
    target: o.spec.target,
    windowMs,
    alerts: objectiveAlerts(o),
    now,
    ...series,
  });
  const { bad_intervals: _intervals, ...figures } = budget;
  return {
    figures: {
      id: o.id,
      name: o.name,
      namespace: o.namespace,
      description: o.description,
      target: o.spec.target,
      window: o.spec.window,
      indicator: rule.kind,
      check_count: checks.length,
      ...figures,
    },
    budget,
    checks,
    maintenance,
    from,
  };
}
