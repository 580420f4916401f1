import { z } from 'zod';
import { resourceSelectorSchema } from './incidents.js';
import { parseDuration } from './time/duration.js';

/**
 * ServiceLevelObjective (`apiVersion: opsdeck.dev/v1`): a target share of good minutes over a
 * rolling window, read from the results of the checks its indicator selects, with multi-window
 * burn-rate alerts. Durations use the one duration grammar (`5m`, `6h`, `30d`).
 */

export const OBJECTIVE_API_VERSION = 'opsdeck.dev/v1';
export const OBJECTIVE_KIND = 'ServiceLevelObjective';

/** The longest window: hourly rollups (kept 90 days by default) still cover it. */
export const MAX_OBJECTIVE_WINDOW_MS = 90 * 86_400_000;

const duration = (what: string, max?: number) =>
  z.string().refine(
    (v) => {
      const ms = parseDuration(v);
      return ms !== undefined && ms >= 60_000 && (max === undefined || ms <= max);
    },
    { message: `${what}: a duration of at least 1m${max ? ' and at most 90d' : ''}, such as 5m, 6h or 30d` },
  );

/**
 * The checks an indicator reads: any of a label selector, names (globs), a component (its related
 * checks) or a topology (the checks of its components). Several fields add up.
 */
export const objectiveChecksSchema = z
  .strictObject({
    labelSelector: z.string().trim().min(1).optional(),
    names: z.array(z.string().trim().min(1)).optional(),
    namespace: z.string().trim().min(1).optional(),
    selectors: z.array(resourceSelectorSchema).optional(),
    component: z.string().trim().min(1).optional(),
    topology: z.string().trim().min(1).optional(),
  })
  .refine((c) => c.labelSelector || c.names?.length || c.selectors?.length || c.component || c.topology, {
    message: 'select checks by labelSelector, names, selectors, component or topology',
  });
export type ObjectiveChecks = z.infer<typeof objectiveChecksSchema>;

export const objectiveIndicatorSchema = z
  .strictObject({
    availability: z.strictObject({ checks: objectiveChecksSchema }).optional(),
    latency: z
      .strictObject({
        checks: objectiveChecksSchema,
        threshold: z.string().refine((v) => (parseDuration(v) ?? 0) > 0, 'threshold: a duration such as 300ms'),
        percentile: z.number().gt(0).lt(100).default(99),
      })
      .optional(),
  })
  .refine((i) => Boolean(i.availability) !== Boolean(i.latency), {
    message: 'set exactly one of availability or latency',
  });
export type ObjectiveIndicator = z.infer<typeof objectiveIndicatorSchema>;

export const OBJECTIVE_SEVERITIES = ['critical', 'warning'] as const;
export type ObjectiveSeverity = (typeof OBJECTIVE_SEVERITIES)[number];

export const objectiveAlertSchema = z.strictObject({
  burnRate: z.number().positive(),
  long: duration('long'),
  short: duration('short'),
  severity: z.enum(OBJECTIVE_SEVERITIES),
});
export type ObjectiveAlert = z.infer<typeof objectiveAlertSchema>;

/** The multi-window, multi-burn-rate pairs of the Google SRE workbook, used when `alerts` is left out. */
export const DEFAULT_OBJECTIVE_ALERTS: readonly ObjectiveAlert[] = [
  { burnRate: 14.4, long: '1h', short: '5m', severity: 'critical' },
  { burnRate: 6, long: '6h', short: '30m', severity: 'warning' },
];

export const objectiveSpecSchema = z.strictObject({
  description: z.string().max(4000).optional(),
  target: z.number().gt(0, 'target: a percent above 0').lt(100, 'target: a percent below 100'),
  window: duration('window', MAX_OBJECTIVE_WINDOW_MS),
  indicator: objectiveIndicatorSchema,
  alerts: z.array(objectiveAlertSchema).max(10).optional(),
});
export type ObjectiveSpec = z.infer<typeof objectiveSpecSchema>;

const NAME = /^[a-z0-9]([-a-z0-9_.]*[a-z0-9])?$/;

/** The whole document as `opsdeck apply` reads it. */
export const serviceLevelObjectiveSchema = z.strictObject({
  apiVersion: z.literal(OBJECTIVE_API_VERSION),
  kind: z.literal(OBJECTIVE_KIND),
  metadata: z.looseObject({
    name: z.string().regex(NAME, 'lowercase letters, digits, -, _ and .'),
    namespace: z.string().regex(NAME, 'lowercase letters, digits, -, _ and .').default('default'),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
  spec: objectiveSpecSchema,
});
export type ServiceLevelObjective = z.infer<typeof serviceLevelObjectiveSchema>;

/** Events an objective raises into the event queue (notification rules may listen to them). */
export const OBJECTIVE_EVENTS = [
  'slo.burn.critical',
  'slo.burn.critical.resolved',
  'slo.burn.warning',
  'slo.burn.warning.resolved',
  'slo.budget.exhausted',
  'slo.budget.restored',
] as const;

/** How an objective stands: its budget spent, an alert firing, or fine. */
export type ObjectiveStatus = 'healthy' | 'warning' | 'critical' | 'exhausted' | 'nodata';

/** One alert's burn rates as GET /api/slos answers them. */
export interface ObjectiveBurnRate {
  severity: ObjectiveSeverity;
  burn_rate: number;
  long: string;
  short: string;
  rate_long: number;
  rate_short: number;
  firing: boolean;
}

/** The computed figures of one objective (GET /api/slos, GET /api/slos/:id). */
export interface ObjectiveFigures {
  id: string;
  name: string;
  namespace: string;
  description: string;
  target: number;
  window: string;
  indicator: 'availability' | 'latency';
  good_minutes: number;
  bad_minutes: number;
  /** Percent of good minutes among minutes with a result; null without any. */
  attainment: number | null;
  budget: {
    total_minutes: number;
    consumed_minutes: number;
    remaining_minutes: number;
    consumed_percent: number;
    remaining_percent: number;
  };
  burn_rates: ObjectiveBurnRate[];
  /** When the budget runs out at the current burn (RFC 3339), null when it does not burn. */
  exhaustion: string | null;
  status: ObjectiveStatus;
  check_count: number;
  /** Remaining budget (percent) over the window, oldest first, for the burn-down chart. */
  burn_down: Array<{ time: string; remaining_percent: number }>;
}

/** What GET /api/slos/:id adds: the checks read, the bad intervals, incidents and maintenance. */
export interface ObjectiveDetail extends ObjectiveFigures {
  spec: ObjectiveSpec;
  checks: Array<{ id: string; name: string; status: string | null }>;
  bad_intervals: Array<{ start: string; end: string; minutes: number; check_ids: string[] }>;
  incidents: Array<{ id: string; title: string; status: string; severity: string; created_at: string }>;
  maintenance: Array<{ id: string; name: string; start: string; end: string }>;
}
