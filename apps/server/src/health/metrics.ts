import type { Registry } from 'prom-client';
import { type CheckLabels, CheckSeries } from './checkSeries.js';
import type { CheckMetric } from './checks/types.js';
import { CustomMetrics } from './customMetrics.js';
import type { PendingResult } from './results.js';

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
 * kept one record per check (checkSeries.ts), plus the custom metrics checks declare
 * (customMetrics.ts).
 */
export class HealthMetrics {
  private readonly checks: CheckSeries;
  private readonly custom: CustomMetrics;

  constructor(registry: Registry) {
    this.custom = new CustomMetrics(registry);
    this.checks = new CheckSeries(registry);
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
    for (const r of results) {
      const c = r.check;
      if (!c) continue;
      this.checks.observe(c.id, labelsOf(c), {
        pass: r.pass,
        error: Boolean(r.error),
        invalid: Boolean(r.invalid),
        duration: r.duration,
      });
    }
  }

  /** Removes the series of checks that no longer exist (deleted, or removed from their canary). */
  forget(checkIds: Iterable<string>): void {
    const ids = [...checkIds];
    this.custom.forget(ids);
    for (const id of ids) this.checks.forget(id);
  }
}

/** The series labels of a check: made per stored result and dropped young (a series copies them when it starts). */
function labelsOf(c: CheckIdentity): CheckLabels {
  return { key: c.id, name: c.name, canary_name: c.canaryName, canary_namespace: c.canaryNamespace, type: c.type };
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
