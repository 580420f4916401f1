import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { type CheckLabels, CheckSeries, type Observation } from '../../src/health/checkSeries.js';
import { exposition } from '../../src/system/exposition.js';

async function scrape(registry: Registry): Promise<string> {
  const out = await exposition(registry);
  if (typeof out === 'string') return out;
  let text = '';
  for await (const chunk of out) text += chunk;
  return text;
}

const labels = (key: string, name = key, canary = 'web'): CheckLabels => ({
  key,
  name,
  canary_name: canary,
  canary_namespace: 'default',
  type: 'http',
});

/** The check families as OpsDeck kept them in prom-client's own metrics, for the bytes to compare with. */
function promClientFamilies(registry: Registry) {
  const labelNames = ['key', 'name', 'canary_name', 'canary_namespace', 'type'];
  const registers = [registry];
  const m = {
    status: new Gauge({ name: 'canary_check', help: 'Check status: 0 passing, 1 failing', labelNames, registers }),
    count: new Counter({ name: 'canary_check_count', help: 'Check runs', labelNames, registers }),
    success: new Counter({ name: 'canary_check_success_count', help: 'Passed check runs', labelNames, registers }),
    failed: new Counter({ name: 'canary_check_failed_count', help: 'Failed check runs', labelNames, registers }),
    errors: new Counter({
      name: 'canary_check_error_count',
      help: 'Check runs that ended in an error',
      labelNames,
      registers,
    }),
    invalid: new Counter({
      name: 'canary_check_invalid_count',
      help: 'Check runs whose spec was invalid',
      labelNames,
      registers,
    }),
    duration: new Histogram({
      name: 'canary_check_duration',
      help: 'Check run duration in milliseconds',
      labelNames,
      buckets: [10, 50, 100, 500, 1000, 5000, 30000],
      registers,
    }),
    info: new Gauge({ name: 'canary_check_info', help: 'Checks known to this process', labelNames, registers }),
  };
  return {
    observe(l: CheckLabels, o: Observation) {
      m.info.set(l, 1);
      m.status.set(l, o.pass ? 0 : 1);
      m.count.inc(l);
      (o.pass ? m.success : m.failed).inc(l);
      if (o.error) m.errors.inc(l);
      if (o.invalid) m.invalid.inc(l);
      m.duration.observe(l, o.duration);
    },
    remove(l: CheckLabels) {
      for (const f of Object.values(m)) f.remove(l);
    },
  };
}

/** Each family's block with its lines sorted (HELP and TYPE stay first), and the text's last byte. */
const inSeriesOrder = (text: string) => [...text.split('\n\n').map((family) => family.split('\n').sort()), text.at(-1)];
const byLabels = (a: { labels: object }, b: { labels: object }) =>
  JSON.stringify(a.labels).localeCompare(JSON.stringify(b.labels));

const runs: [CheckLabels, Observation][] = [
  [labels('a'), { pass: true, duration: 7 }],
  [labels('a'), { pass: true, duration: 120 }],
  [labels('b', 'say "hi"\\now\nnext line'), { pass: false, error: true, duration: 45000 }],
  [labels('a'), { pass: false, duration: 55.5 }],
  [labels('c'), { pass: false, invalid: true, error: true, duration: 0 }],
  [labels('b', 'say "hi"\\now\nnext line'), { pass: true, duration: 10 }],
];

describe('check series on /metrics', () => {
  it('print the same text prom-client printed, so dashboards and recording rules keep working', async () => {
    const before = new Registry();
    const old = promClientFamilies(before);
    const now = new Registry();
    const series = new CheckSeries(now);
    for (const [l, o] of runs) {
      old.observe(l, o);
      series.observe(l.key, l, o);
    }
    // the same families, lines and bytes; only the order of series within a family (which
    // Prometheus ignores) follows the check's first run rather than its first count in each family
    const expected = inSeriesOrder(await before.metrics());
    expect(inSeriesOrder(await scrape(now))).toEqual(expected);
    expect(inSeriesOrder(await now.metrics())).toEqual(expected); // a plain registry renders them through get()
    const json = async (r: Registry) =>
      (await r.getMetricsAsJSON()).map((f) => ({
        ...f,
        values: f.values
          .map((v) => ({ labels: v.labels, value: v.value, metricName: (v as { metricName?: string }).metricName }))
          .sort(byLabels),
      }));
    expect(await json(now)).toEqual(await json(before));
  });

  it('count runs, outcomes and durations per check, escaping label values', async () => {
    const registry = new Registry();
    const series = new CheckSeries(registry);
    for (const [l, o] of runs) series.observe(l.key, l, o);
    const text = await scrape(registry);
    const a = 'key="a",name="a",canary_name="web",canary_namespace="default",type="http"';
    expect(text).toContain(`canary_check_count{${a}} 3\n`);
    expect(text).toContain(`canary_check_success_count{${a}} 2\n`);
    expect(text).toContain(`canary_check_failed_count{${a}} 1\n`);
    expect(text).toContain(`canary_check{${a}} 1\n`);
    expect(text).not.toContain(`canary_check_error_count{${a}}`); // never errored: no series
    expect(text).toContain('# TYPE canary_check_duration histogram\n');
    expect(text).toContain(`canary_check_duration_bucket{le="10",${a}} 1\n`);
    expect(text).toContain(`canary_check_duration_bucket{le="100",${a}} 2\n`);
    expect(text).toContain(`canary_check_duration_bucket{le="500",${a}} 3\n`);
    expect(text).toContain(`canary_check_duration_bucket{le="+Inf",${a}} 3\n`);
    expect(text).toContain(`canary_check_duration_sum{${a}} 182.5\n`);
    expect(text).toContain(`canary_check_duration_count{${a}} 3\n`);
    const b = 'key="b",name="say \\"hi\\"\\\\now\\nnext line",canary_name="web"';
    expect(text).toContain(`canary_check_error_count{${b},canary_namespace="default",type="http"} 1\n`);
    expect(text).toContain(`canary_check_duration_bucket{le="30000",${b},canary_namespace="default",type="http"} 1\n`);
    expect(text).toContain(`canary_check_duration_bucket{le="+Inf",${b},canary_namespace="default",type="http"} 2\n`);
    expect(text.endsWith('\n') && !text.endsWith('\n\n')).toBe(true);
  });

  it('drop a deleted check and the old name of a renamed one', async () => {
    const registry = new Registry();
    const series = new CheckSeries(registry);
    series.observe('a', labels('a', 'home'), { pass: true, duration: 5 });
    series.observe('b', labels('b'), { pass: true, duration: 5 });
    series.observe('a', labels('a', 'landing'), { pass: true, duration: 5 });
    series.forget('b');
    const text = await scrape(registry);
    expect(text).not.toContain('name="home"');
    expect(text).not.toContain('key="b"');
    expect(text).toContain('canary_check_count{key="a",name="landing",canary_name="web"');
    expect(text).toMatch(/canary_check_count\{key="a",name="landing"[^}]*\} 1\n/); // counted afresh
  });

  it('stream a scrape of many checks in slices, letting other work run in between', async () => {
    const registry = new Registry();
    const series = new CheckSeries(registry);
    for (let i = 0; i < 5000; i++) series.observe(`k${i}`, labels(`k${i}`), { pass: i % 2 === 0, duration: i });
    let turns = 0;
    let scraping = true;
    const tick = () => {
      turns++;
      if (scraping) setImmediate(tick);
    };
    setImmediate(tick);
    const text = await scrape(registry);
    scraping = false;
    expect(text.split('\n').filter((l) => l.startsWith('canary_check_info{')).length).toBe(5000);
    expect(turns).toBeGreaterThan(10);
  });
});
