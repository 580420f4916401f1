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

const describe = (f: { type: string; labelNames: string[] }) => `a ${f.type} with labels [${f.labelNames.join(', ')}]`;

export class CustomMetrics {
  private readonly families = new Map<string, Family>();

  constructor(private readonly registry: Registry) {}

  /** Exports the typed metrics of one result; answers why any could not be exported. */
  export(metrics: readonly CheckMetric[]): string[] {
    const problems: string[] = [];
    for (const m of metrics) {
      if (!m.type) continue; // a runner's own observation, not a declared metric
      const problem = this.exportOne(m as CheckMetric & { type: Family['type'] });
      if (problem) problems.push(`metric ${m.name}: ${problem}`);
    }
    return problems;
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
