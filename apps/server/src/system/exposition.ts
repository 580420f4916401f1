import { Readable } from 'node:stream';
import { Registry } from 'prom-client';

/**
 * The Prometheus text of a registry as a stream, for /metrics. A family that can render itself in
 * slices (`textSlices()`, the per-check canary_check* families) is streamed slice by slice, so a
 * scrape at 100,000 checks never holds the event loop for more than a few milliseconds nor builds
 * one 200 MB string; every other family is prom-client's own text. The bytes are those of
 * `registry.metrics()`: families joined by a blank line, one newline at the end.
 */

/** A family that renders its own exposition text (HELP, TYPE and its lines, no trailing newline). */
interface SlicedFamily {
  name: string;
  textSlices(): AsyncIterable<string>;
}

const isSliced = (m: unknown): m is SlicedFamily => typeof (m as Partial<SlicedFamily>).textSlices === 'function';

/** Bytes handed to the socket at once: few enough writes, small enough to stay off the old heap. */
const CHUNK = 64 * 1024;

async function* text(registry: Registry, names?: ReadonlySet<string>): AsyncGenerator<string> {
  let pending = '';
  let first = true;
  for (const metric of registry.getMetricsAsArray()) {
    if (names && !names.has(metric.name)) continue;
    if (!first) pending += '\n\n';
    first = false;
    if (isSliced(metric)) {
      for await (const slice of metric.textSlices()) {
        pending += slice;
        if (pending.length < CHUNK) continue;
        yield pending;
        pending = '';
      }
    } else {
      pending += await registry.getSingleMetricAsString(metric.name);
    }
  }
  yield `${pending}\n`;
}

/**
 * The registry's exposition, streamed (OpenMetrics, which /metrics does not serve, is rendered at
 * once); only the families in `names` when given (`/metrics?name[]=...`, as Prometheus's Python
 * client offers: a scrape of a few families need not render 100,000 checks' series).
 */
export function exposition(registry: Registry, names?: ReadonlySet<string>): Readable | Promise<string> {
  if (registry.contentType !== Registry.PROMETHEUS_CONTENT_TYPE) return registry.metrics();
  return Readable.from(text(registry, names), { objectMode: false });
}

/** The `name[]` parameters of a /metrics request, or undefined for every family. */
export function requestedFamilies(query: unknown): ReadonlySet<string> | undefined {
  const value = (query as Record<string, unknown> | undefined)?.['name[]'];
  if (value === undefined) return undefined;
  return new Set((Array.isArray(value) ? value : [value]).map(String));
}
