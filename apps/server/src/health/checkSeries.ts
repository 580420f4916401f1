import type { Registry } from 'prom-client';

/**
 * canary-checker's per-check series (canary_check, canary_check_count, ... canary_check_duration,
 * canary_check_info), kept as one record per check instead of one prom-client series per family:
 * at 100,000 checks prom-client holds 1.4 million label objects and formats each on every scrape
 * (37 s of blocking CPU). The families are registered in the app's registry as metrics of their
 * own: `get()` answers what prom-client's Gauge, Counter and Histogram would (JSON, and the text of
 * a plain registry), and `textSlices()` renders the exposition text a few hundred checks at a
 * time from each record's label string, formatted once, yielding to the event loop between slices
 * (the /metrics route streams them, `system/exposition.ts`). The text is the same line for line.
 */

const LABELS = ['key', 'name', 'canary_name', 'canary_namespace', 'type'] as const;
/** The labels of one check's series, in the order prom-client printed them. */
export type CheckLabels = Record<(typeof LABELS)[number], string>;

/** canary_check_duration's upper bounds, in milliseconds. */
const BOUNDS = [10, 50, 100, 500, 1000, 5000, 30000] as const;
/** Lines rendered per slice between turns of the event loop: about a millisecond of formatting. */
const SLICE_LINES = 2000;

/** One check's values. A counter that never moved has no series, as with prom-client. */
interface CheckRecord {
  labels: CheckLabels;
  /** `key="…",name="…",…,type="…"`: the label pairs, escaped, without braces. */
  text: string;
  status: number;
  count: number;
  success: number;
  failed: number;
  errors: number;
  invalid: number;
  /** Observations per bucket (not cumulative); past the last bound they count only in `count`. */
  buckets: Float64Array;
  sum: number;
}

/** A label value as the Prometheus text format requires: backslash, newline and double quote escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

/** A number as prom-client prints it. */
function show(value: number): string {
  if (Number.isNaN(value)) return 'Nan';
  if (!Number.isFinite(value)) return value < 0 ? '-Inf' : '+Inf';
  return `${value}`;
}

const labelText = (l: CheckLabels) => LABELS.map((k) => `${k}="${escapeLabelValue(l[k])}"`).join(',');
const sameLabels = (a: CheckLabels, b: CheckLabels) => LABELS.every((k) => a[k] === b[k]);
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What prom-client's `get()` answers for one value (its JSON and a plain registry's text use it). */
interface MetricValue {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

type FamilyType = 'gauge' | 'counter' | 'histogram';

/** One family over every check's record, registered in a prom-client registry. */
class CheckFamily {
  readonly aggregator = 'sum';
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: FamilyType,
    private readonly store: CheckSeries,
    /** The family's value for a check, or undefined when the check has no series in it. */
    private readonly seriesValue: (r: CheckRecord) => number | undefined,
  ) {}

  async get(): Promise<{ name: string; help: string; type: FamilyType; values: MetricValue[]; aggregator: string }> {
    const values: MetricValue[] = [];
    for (const r of this.store.records()) {
      if (this.type !== 'histogram') {
        const value = this.seriesValue(r);
        if (value !== undefined) values.push({ value, labels: { ...r.labels } });
        continue;
      }
      let cumulative = 0;
      BOUNDS.forEach((le, i) => {
        cumulative += r.buckets[i] ?? 0;
        values.push({ labels: { le, ...r.labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push(
        { labels: { le: '+Inf', ...r.labels }, value: r.count, metricName: `${this.name}_bucket` },
        { labels: { ...r.labels }, value: r.sum, metricName: `${this.name}_sum` },
        { labels: { ...r.labels }, value: r.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The family's exposition text (HELP, TYPE, then one line per series, no trailing newline), in slices. */
  async *textSlices(): AsyncGenerator<string> {
    let text = `# HELP ${this.name} ${this.help}\n# TYPE ${this.name} ${this.type}`;
    const linesPerCheck = this.type === 'histogram' ? BOUNDS.length + 3 : 1;
    let inSlice = 0;
    for (const r of this.store.records()) {
      text += this.type === 'histogram' ? this.histogramLines(r) : this.line(r);
      inSlice += linesPerCheck;
      if (inSlice < SLICE_LINES) continue;
      yield text;
      text = '';
      inSlice = 0;
      await yieldToLoop();
    }
    if (text) yield text;
  }

  private line(r: CheckRecord): string {
    const value = this.seriesValue(r);
    return value === undefined ? '' : `\n${this.name}{${r.text}} ${show(value)}`;
  }

  // prom-client prints `le` before the check's labels
  private histogramLines(r: CheckRecord): string {
    let out = '';
    let cumulative = 0;
    for (let i = 0; i < BOUNDS.length; i++) {
      cumulative += r.buckets[i] ?? 0;
      out += `\n${this.name}_bucket{le="${BOUNDS[i]}",${r.text}} ${cumulative}`;
    }
    return `${out}\n${this.name}_bucket{le="+Inf",${r.text}} ${r.count}\n${this.name}_sum{${r.text}} ${show(r.sum)}\n${this.name}_count{${r.text}} ${r.count}`;
  }

  reset(): void {
    this.store.clear();
  }
}

/** One observation of a check, as the result writer stored it. */
export interface Observation {
  pass: boolean;
  error?: boolean;
  invalid?: boolean;
  duration: number;
}

const counted = (v: number) => (v > 0 ? v : undefined);

/** Every check's canary_check* values, one record per check. */
export class CheckSeries {
  private readonly byCheck = new Map<string, CheckRecord>();

  constructor(registry: Registry) {
    const family = (
      name: string,
      help: string,
      type: FamilyType,
      seriesValue: (r: CheckRecord) => number | undefined,
    ) =>
      // prom-client's typings want its own classes; the registry only reads name, help, type, get() and reset()
      registry.registerMetric(new CheckFamily(name, help, type, this, seriesValue) as never);
    // registered in the order prom-client's metrics were, so the exposition keeps its order
    family('canary_check', 'Check status: 0 passing, 1 failing', 'gauge', (r) => r.status);
    family('canary_check_count', 'Check runs', 'counter', (r) => r.count);
    family('canary_check_success_count', 'Passed check runs', 'counter', (r) => counted(r.success));
    family('canary_check_failed_count', 'Failed check runs', 'counter', (r) => counted(r.failed));
    family('canary_check_error_count', 'Check runs that ended in an error', 'counter', (r) => counted(r.errors));
    family('canary_check_invalid_count', 'Check runs whose spec was invalid', 'counter', (r) => counted(r.invalid));
    family('canary_check_duration', 'Check run duration in milliseconds', 'histogram', () => undefined);
    family('canary_check_info', 'Checks known to this process', 'gauge', () => 1);
  }

  /** Counts one stored result of the check `id`; a check renamed or moved starts its series afresh. */
  observe(id: string, labels: CheckLabels, o: Observation): void {
    let r = this.byCheck.get(id);
    if (r && !sameLabels(r.labels, labels)) {
      this.byCheck.delete(id); // the old name's series leave, as a deleted check's do
      r = undefined;
    }
    if (!r) {
      r = {
        labels: { ...labels },
        text: labelText(labels),
        status: 0,
        count: 0,
        success: 0,
        failed: 0,
        errors: 0,
        invalid: 0,
        buckets: new Float64Array(BOUNDS.length),
        sum: 0,
      };
      this.byCheck.set(id, r);
    }
    r.status = o.pass ? 0 : 1;
    r.count++;
    if (o.pass) r.success++;
    else r.failed++;
    if (o.error) r.errors++;
    if (o.invalid) r.invalid++;
    const bucket = BOUNDS.findIndex((b) => o.duration <= b);
    if (bucket >= 0) r.buckets[bucket] = (r.buckets[bucket] ?? 0) + 1;
    r.sum += o.duration;
  }

  /** Removes a check's series (deleted, or removed from its canary). */
  forget(id: string): void {
    this.byCheck.delete(id);
  }

  /** The live records, in the order their checks were first counted. */
  records(): IterableIterator<CheckRecord> {
    return this.byCheck.values();
  }

  clear(): void {
    this.byCheck.clear();
  }
}
