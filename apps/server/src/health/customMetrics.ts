import { PROMETHEUS_LABEL_NAME, PROMETHEUS_METRIC_NAME } from '@opsdeck/schema';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { CheckMetric } from './checks/types.js';

/**
 * The custom metrics checks declare (`metrics: [{name, type, value, labels}]`, or a transform's
 * `metrics` with a type), exported through the app's Prometheus registry: counters add the
 * value, gauges set it, histograms observe it. A metric is created the first time a result
 * reports it; a name reported later with another type or other label names, or one OpsDeck
 * already uses, is not exported and is answered as a problem for the check's result.
 */

type Metric = Counter<string> | Gauge<string> | Histogram<string>;

interface Family {
  type: NonNullable<CheckMetric['type']>;
  labelNames: string[];
  metric: Metric;
}

/** One series: metric name and its labels in name order. */
function seriesKey(name: string, labels: Record<string, string>): string {
  const sorted = Object.fromEntries(
    Object.keys(labels)
      .sort()
      .map((k) => [k, String(labels[k])]),
  );
  return `${name}\u0000${JSON.stringify(sorted)}`;
}

const describe = (f: { type: string; labelNames: string[] }) => `a ${f.type} with labels [${f.labelNames.join(', ')}]`;

/** The series one check exported, under the spec that declared them. */
interface Owned {
  spec: string;
  series: Set<string>;
}

export class CustomMetrics {
  private readonly families = new Map<string, Family>();
  /** Series each check exported (`name\u0000labels json`), so they go with the check or its old spec. */
  private readonly owned = new Map<string, Owned>();
  /** How many checks export each series: a series two checks share stays while one of them does. */
  private readonly owners = new Map<string, number>();

  constructor(private readonly registry: Registry) {}

  /**
   * Exports the typed metrics of one result of `checkId`, whose declaration is `spec` (any
   * string that changes when the check's metrics may change); answers why any could not be
   * exported. When the spec changed since the check's last export, the series it no longer
   * reports are removed.
   */
  export(checkId: string, spec: string, metrics: readonly CheckMetric[]): string[] {
    const problems: string[] = [];
    const reported = new Set<string>();
    for (const m of metrics) {
      if (!m.type) continue; // a runner's own observation, not a declared metric
      const problem = this.exportOne(m as CheckMetric & { type: Family['type'] });
      if (problem) problems.push(`metric ${m.name}: ${problem}`);
      else reported.add(seriesKey(m.name, m.labels ?? {}));
    }
    const before = this.owned.get(checkId);
    if (before && before.spec !== spec) {
      for (const key of before.series) if (!reported.has(key)) this.release(key);
      before.series = new Set([...before.series].filter((k) => reported.has(k)));
      before.spec = spec;
    }
    if (!reported.size && !before) return problems;
    const mine = before ?? { spec, series: new Set<string>() };
    for (const key of reported) {
      if (mine.series.has(key)) continue;
      mine.series.add(key);
      this.owners.set(key, (this.owners.get(key) ?? 0) + 1);
    }
    if (mine.series.size) this.owned.set(checkId, mine);
    else this.owned.delete(checkId);
    return problems;
  }

  /** Removes the series of checks that no longer exist (unless another check still exports them). */
  forget(checkIds: Iterable<string>): void {
    for (const id of checkIds) {
      const mine = this.owned.get(id);
      if (!mine) continue;
      this.owned.delete(id);
      for (const key of mine.series) this.release(key);
    }
  }

  private release(key: string): void {
    const left = (this.owners.get(key) ?? 1) - 1;
    if (left > 0) {
      this.owners.set(key, left);
      return;
    }
    this.owners.delete(key);
    const [name, labels] = key.split('\u0000') as [string, string];
    this.families.get(name)?.metric.remove(JSON.parse(labels) as Record<string, string>);
  }

  private exportOne(m: CheckMetric & { type: Family['type'] }): string | undefined {
    const labels = m.labels ?? {};
    const labelNames = Object.keys(labels).sort();
    const family = this.family(m.name, m.type, labelNames);
    if (typeof family === 'string') return family;
    if (!Number.isFinite(m.value)) return `value ${m.value} is not a number`;
    if (family.type === 'counter') {
      if (m.value < 0) return `a counter only goes up; value ${m.value} is negative`;
      (family.metric as Counter<string>).inc(labels, m.value);
    } else if (family.type === 'gauge') (family.metric as Gauge<string>).set(labels, m.value);
    else (family.metric as Histogram<string>).observe(labels, m.value);
    return undefined;
  }

  /** The family of `name`, created on first use, or why this report does not fit it. */
  private family(name: string, type: Family['type'], labelNames: string[]): Family | string {
    const known = this.families.get(name);
    if (known) {
      if (known.type === type && known.labelNames.join(',') === labelNames.join(',')) return known;
      return `already exported as ${describe(known)}, this check reports ${describe({ type, labelNames })}; one name needs one type and one set of labels`;
    }
    if (!PROMETHEUS_METRIC_NAME.test(name))
      return 'not a Prometheus metric name (letters, digits, underscores, colons)';
    const badLabel = labelNames.find((l) => !PROMETHEUS_LABEL_NAME.test(l) || l.startsWith('__'));
    if (badLabel !== undefined) return `'${badLabel}' is not a Prometheus label name`;
    if (type === 'histogram' && labelNames.includes('le')) return "'le' is reserved for histogram buckets";
    if (this.registry.getSingleMetric(name)) return 'the name is taken by one of OpsDeck’s own metrics';
    const config = { name, help: `Custom check metric ${name}`, labelNames, registers: [this.registry] };
    const metric =
      type === 'counter' ? new Counter(config) : type === 'gauge' ? new Gauge(config) : new Histogram(config);
    const family: Family = { type, labelNames, metric };
    this.families.set(name, family);
    return family;
  }
}
