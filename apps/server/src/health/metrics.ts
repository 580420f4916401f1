import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { CheckMetric } from './checks/types.js';
import { CustomMetrics } from './customMetrics.js';
import type { PendingResult } from './results.js';

const LABELS = ['key', 'name', 'canary_name', 'canary_namespace', 'type'] as const;
type Labels = Record<(typeof LABELS)[number], string>;

/** Who a result belongs to, for metric labels. */
export interface CheckIdentity {
  id: string;
  name: string;
  type: string;
  canaryName: string;
  canaryNamespace: string;
}

/**
 * canary-checker's check metrics (canary_check, canary_check_count, ... canary_check_duration),
 * plus the custom metrics checks declare (customMetrics.ts).
 */
export class HealthMetrics {
  private readonly status: Gauge<(typeof LABELS)[number]>;
  private readonly count: Counter<(typeof LABELS)[number]>;
  private readonly success: Counter<(typeof LABELS)[number]>;
  private readonly failed: Counter<(typeof LABELS)[number]>;
  private readonly errors: Counter<(typeof LABELS)[number]>;
  private readonly invalid: Counter<(typeof LABELS)[number]>;
  private readonly duration: Histogram<(typeof LABELS)[number]>;
  private readonly info: Gauge<(typeof LABELS)[number]>;
  private readonly custom: CustomMetrics;
  /** The label set each live check's series carry, so a deleted check's series can be removed. */
  private readonly series = new Map<string, Labels>();

  constructor(registry: Registry) {
    this.custom = new CustomMetrics(registry);
    const labelNames = [...LABELS];
    const registers = [registry];
    this.status = new Gauge({
      name: 'canary_check',
      help: 'Check status: 0 passing, 1 failing',
      labelNames,
      registers,
    });
    this.count = new Counter({ name: 'canary_check_count', help: 'Check runs', labelNames, registers });
    this.success = new Counter({
      name: 'canary_check_success_count',
      help: 'Passed check runs',
      labelNames,
      registers,
    });
    this.failed = new Counter({ name: 'canary_check_failed_count', help: 'Failed check runs', labelNames, registers });
    this.errors = new Counter({
      name: 'canary_check_error_count',
      help: 'Check runs that ended in an error',
      labelNames,
      registers,
    });
    this.invalid = new Counter({
      name: 'canary_check_invalid_count',
      help: 'Check runs whose spec was invalid',
      labelNames,
      registers,
    });
    this.duration = new Histogram({
      name: 'canary_check_duration',
      help: 'Check run duration in milliseconds',
      labelNames,
      buckets: [10, 50, 100, 500, 1000, 5000, 30000],
      registers,
    });
    this.info = new Gauge({ name: 'canary_check_info', help: 'Checks known to this process', labelNames, registers });
  }

  /** Exports the custom metrics of a finished run; answers why one could not be (for the result's error). */
  exportCustom(checkId: string, spec: string, metrics: readonly CheckMetric[] | undefined): string | undefined {
    const problems = this.custom.export(checkId, spec, metrics ?? []);
    return problems.length ? problems.join('; ') : undefined;
  }

  /**
   * Counts stored results (`ResultWriter`'s `onStored`): a result is counted only once it is in
   * the database, so a crash never leaves /metrics ahead of the history.
   */
  countStored(results: readonly PendingResult[]): void {
    for (const r of results) if (r.check) this.count1(r.check, r);
  }

  /** Removes the series of checks that no longer exist (deleted, or removed from their canary). */
  forget(checkIds: Iterable<string>): void {
    const ids = [...checkIds];
    this.custom.forget(ids);
    for (const id of ids) {
      const labels = this.series.get(id);
      if (!labels) continue;
      this.series.delete(id);
      this.removeSeries(labels);
    }
  }

  private removeSeries(labels: Labels): void {
    for (const m of [this.status, this.count, this.success, this.failed, this.errors, this.invalid, this.info]) {
      m.remove(labels);
    }
    this.duration.remove(labels);
  }

  private count1(check: CheckIdentity, result: PendingResult): void {
    const labels: Labels = {
      key: check.id,
      name: check.name,
      canary_name: check.canaryName,
      canary_namespace: check.canaryNamespace,
      type: check.type,
    };
    const known = this.series.get(check.id);
    if (known && !sameLabels(known, labels)) this.removeSeries(known); // renamed: drop the old name's series
    this.series.set(check.id, labels);
    this.info.set(labels, 1);
    this.status.set(labels, result.pass ? 0 : 1);
    this.count.inc(labels);
    (result.pass ? this.success : this.failed).inc(labels);
    if (result.error) this.errors.inc(labels);
    if (result.invalid) this.invalid.inc(labels);
    this.duration.observe(labels, result.duration);
  }
}

/** Same values for every label (a check renamed or moved to another canary has new ones). */
function sameLabels(a: Labels, b: Labels): boolean {
  return LABELS.every((k) => a[k] === b[k]);
}

const perRegistry = new WeakMap<Registry, HealthMetrics>();

/** The health metrics of an app's registry (created once per registry). */
export function healthMetrics(registry: Registry): HealthMetrics {
  let m = perRegistry.get(registry);
  if (!m) {
    m = new HealthMetrics(registry);
    perRegistry.set(registry, m);
  }
  return m;
}
