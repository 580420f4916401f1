import { monitorEventLoopDelay } from 'node:perf_hooks';

import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';

type IntervalHistogram = ReturnType<typeof monitorEventLoopDelay>;

/** The process's one event-loop delay monitor, shared by every app of the process and stopped with the last. */
let monitor: IntervalHistogram | undefined;
let users = 0;

function acquire(): IntervalHistogram {
  if (!monitor) {
    // 10 ms resolution: the monitor's own timer costs nothing measurable at that rate
    monitor = monitorEventLoopDelay({ resolution: 10 });
    monitor.enable();
  }
  users++;
  return monitor;
}

function release(): void {
  users--;
  if (users === 0 && monitor) {
    monitor.disable();
    monitor = undefined;
  }
}

/**
 * `opsdeck_event_loop_delay_seconds{quantile="0.5"|"0.99"|"1"}`: how late the event loop ran a
 * timer since the previous scrape (quantile 1 is the maximum); a stall here delays every check,
 * request and write of the process. Reset at each scrape, so each scrape sees its own interval.
 */
export function registerEventLoopDelay(app: FastifyInstance, registry: Registry): void {
  const histogram = acquire();
  let released = false;
  new Gauge({
    name: 'opsdeck_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape (quantile 1 is the maximum)',
    labelNames: ['quantile'],
    registers: [registry],
    collect() {
      if (released || histogram.count === 0) return;
      this.set({ quantile: '0.5' }, histogram.percentile(50) / 1e9);
      this.set({ quantile: '0.99' }, histogram.percentile(99) / 1e9);
      this.set({ quantile: '1' }, histogram.max / 1e9);
      histogram.reset();
    },
  });
  app.addHook('onClose', async () => {
    if (released) return;
    released = true;
    release();
  });
}
