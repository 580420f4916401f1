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

async function* text(registry: Registry): AsyncGenerator<string> {
  let pending = '';
  let first = true;
  for (const metric of registry.getMetricsAsArray()) {
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

/** The registry's exposition, streamed (OpenMetrics, which /metrics does not serve, is rendered at once). */
export function exposition(registry: Registry): Readable | Promise<string> {
  if (registry.contentType !== Registry.PROMETHEUS_CONTENT_TYPE) return registry.metrics();
  return Readable.from(text(registry), { objectMode: false });
}
