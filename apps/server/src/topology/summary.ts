import { evaluateCel } from '../expr/index.js';

/**
 * Status and health roll-up, as pure functions over one component's inputs.
 * One deliberate difference from Mission Control: an unknown (or empty) health never counts as
 * healthy. Unknown inputs are ignored, so a parent of healthy and unknown children is healthy,
 * and a component that knows nothing of itself, its checks or its children stays unknown.
 */

const HEALTHS = new Set(['healthy', 'unhealthy', 'warning', 'unknown']);

export type Counts = Record<string, number>;

export interface ComponentSummary {
  healthy?: number;
  unhealthy?: number;
  warning?: number;
  info?: number;
  checks?: Counts;
  incidents?: Record<string, Counts>;
  insights?: Record<string, Counts>;
}

/** The bucket a status counts in (error counts as unhealthy). */
export function statusBucket(
  status: string | null | undefined,
): 'healthy' | 'unhealthy' | 'warning' | 'info' | undefined {
  switch (status) {
    case 'healthy':
    case 'unhealthy':
    case 'warning':
    case 'info':
      return status;
    case 'error':
      return 'unhealthy';
    default:
      return undefined;
  }
}

function add(target: Counts, extra: Counts | undefined): void {
  for (const [k, v] of Object.entries(extra ?? {})) target[k] = (target[k] ?? 0) + v;
}

function addNested(target: Record<string, Counts>, extra: Record<string, Counts> | undefined): void {
  for (const [k, v] of Object.entries(extra ?? {})) {
    target[k] = target[k] ?? {};
    add(target[k], v);
  }
}

/** A leaf counts itself; a parent counts each child once by its children's mix. */
export function summarise(
  own: { status: string | null; leaf: boolean },
  children: ComponentSummary[],
  extra: { checks?: Counts; incidents?: Record<string, Counts>; insights?: Record<string, Counts> },
): ComponentSummary {
  const s: Required<ComponentSummary> = {
    healthy: 0,
    unhealthy: 0,
    warning: 0,
    info: 0,
    checks: {},
    incidents: {},
    insights: {},
  };
  // a leaf counts itself; so does a parent the run gave a status of its own
  if (own.leaf || own.status) {
    const b = statusBucket(own.status);
    if (b) s[b] += 1;
  }
  for (const c of children) {
    if ((c.healthy ?? 0) > 0 && (c.unhealthy ?? 0) > 0) s.warning += 1;
    else if ((c.unhealthy ?? 0) > 0) s.unhealthy += 1;
    else if ((c.healthy ?? 0) > 0) s.healthy += 1;
    s.warning += c.warning ?? 0;
    s.info += c.info ?? 0;
    add(s.checks, c.checks);
    addNested(s.incidents, c.incidents);
    addNested(s.insights, c.insights);
  }
  add(s.checks, extra.checks);
  addNested(s.incidents, extra.incidents);
  addNested(s.insights, extra.insights);
  const out: ComponentSummary = {};
  for (const k of ['healthy', 'unhealthy', 'warning', 'info'] as const) if (s[k]) out[k] = s[k];
  if (Object.keys(s.checks).length) out.checks = s.checks;
  if (Object.keys(s.incidents).length) out.incidents = s.incidents;
  if (Object.keys(s.insights).length) out.insights = s.insights;
  return out;
}

/** unhealthy > warning > healthy > unknown. */
export function statusFromSummary(s: ComponentSummary): string {
  if ((s.unhealthy ?? 0) > 0) return 'unhealthy';
  if ((s.warning ?? 0) > 0) return 'warning';
  if ((s.healthy ?? 0) > 0) return 'healthy';
  return 'unknown';
}

/** The worst known health of the list; unknown when none is known. */
export function worstHealth(healths: Array<string | null | undefined>): string {
  let best = 'unknown';
  for (const h of healths) {
    if (h === 'unhealthy' || h === 'error') return 'unhealthy';
    if (h === 'warning') best = 'warning';
    else if (h === 'healthy' && best === 'unknown') best = 'healthy';
  }
  return best;
}

/** A component's own health: what the run said, else what its own status implies. */
export function ownHealth(ownHealthValue: string | null, ownStatus: string | null): string | null {
  if (ownHealthValue) return ownHealthValue;
  const b = statusBucket(ownStatus);
  return b === 'info' ? null : (b ?? null);
}

export interface RolledUp {
  summary: ComponentSummary;
  status: string;
  health: string;
  /** An expression that could not be evaluated (the component keeps the computed value). */
  error?: string;
}

/** Status and health of one component from its summary, inputs and expressions. */
export function rollUp(input: {
  leaf: boolean;
  ownStatus: string | null;
  ownHealth: string | null;
  summary: ComponentSummary;
  childHealths: string[];
  statusExpr: string | null;
  healthExpr: string | null;
  self: Record<string, unknown>;
}): RolledUp {
  const out: RolledUp = {
    summary: input.summary,
    status: input.leaf ? (input.ownStatus ?? statusFromSummary(input.summary)) : statusFromSummary(input.summary),
    health: worstHealth([
      ownHealth(input.ownHealth, input.ownStatus),
      ...Object.entries(input.summary.checks ?? {})
        .filter(([, n]) => n > 0)
        .map(([status]) => status),
      ...input.childHealths,
    ]),
  };
  try {
    if (input.statusExpr)
      out.status = String(evaluateCel(input.statusExpr, { summary: input.summary, self: input.self }));
    if (input.healthExpr) {
      out.health = String(
        evaluateCel(input.healthExpr, { summary: input.summary, self: { ...input.self, status: out.status } }),
      );
    }
  } catch (err) {
    out.error = err instanceof Error ? err.message : String(err);
  }
  if (!HEALTHS.has(out.health)) out.health = 'unknown';
  return out;
}
