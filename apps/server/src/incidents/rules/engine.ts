import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/types.js';
import { coveringWindow, loadMaintenanceWindows } from '../../maintenance/windows.js';
import { readCheckStates } from './checkState.js';
import { readComponentStates } from './componentState.js';
import { readObjectiveStates } from './objectiveState.js';
import { planRuleActions } from './plan.js';
import { loadRuleIncidents, loadRules, openRuleIncident, settleRuleIncident } from './store.js';

/** What one run of the incident rules did. */
export interface RuleRunResult {
  opened: string[];
  resolved: string[];
  closed: string[];
  /** Rule name -> why its spec was skipped. */
  invalidRules: Record<string, string>;
  /** Actions that failed, with the rule's name. */
  errors: string[];
  /** Parts of a rule this engine does not evaluate (yet), with the rule's name. */
  warnings: string[];
}

/**
 * One pass of the incident rules at the clock's "now": reads the rules, the checks and the
 * incidents the rules opened, then opens, resolves and closes incidents as `planRuleActions`
 * decides, opening nothing for a check or component under a maintenance window. Each action
 * commits on its own, so one failing action does not undo the others.
 */
export async function runIncidentRules(db: Kysely<Database>, clock: Clock): Promise<RuleRunResult> {
  const now = clock.now();
  const result: RuleRunResult = { opened: [], resolved: [], closed: [], invalidRules: {}, errors: [], warnings: [] };
  const { rules, invalid } = await loadRules(db);
  result.invalidRules = invalid;
  if (rules.length === 0) return result;
  const [checkStates, componentStates, objectiveStates, incidents, windows] = await Promise.all([
    readCheckStates(db),
    rules.some((r) => r.spec.components?.length) ? readComponentStates(db) : Promise.resolve([]),
    rules.some((r) => r.spec.objectives?.length) ? readObjectiveStates(db) : Promise.resolve([]),
    loadRuleIncidents(db),
    loadMaintenanceWindows(db),
  ]);
  const checks = [...checkStates, ...componentStates, ...objectiveStates];
  for (const action of planRuleActions(rules, checks, incidents, now)) {
    // under a maintenance window nothing opens; it opens on the next run after the window if still
    // failing (an objective leaves maintenance time out of its figures already)
    if (
      action.kind === 'open' &&
      action.check.kind !== 'objective' &&
      coveringWindow(windows, action.check.kind ?? 'check', action.check, now)
    ) {
      continue;
    }
    try {
      if (action.kind === 'open') {
        const id = await openRuleIncident(db, action.rule, action.check, now);
        if (id) result.opened.push(id);
      } else {
        const to = action.kind === 'resolve' ? 'resolved' : 'closed';
        if (await settleRuleIncident(db, action.rule, action.incidentId, to, now)) {
          (to === 'resolved' ? result.resolved : result.closed).push(action.incidentId);
        }
      }
    } catch (err) {
      result.errors.push(`${action.rule.name}: ${action.kind}: ${(err as Error).message}`);
    }
  }
  return result;
}
