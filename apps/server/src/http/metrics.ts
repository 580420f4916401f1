import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

let processMetrics: Registry | undefined;

/**
 * The process's own series (CPU, memory, GC, prom-client's event-loop lag), made once per process:
 * each set starts an event-loop monitor and a GC observer that are never stopped, so one set per
 * app would leave one of each behind for every app a process has closed (tests).
 */
function processSeries(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'opsdeck_' });
  }
  return processMetrics;
}

/** One Prometheus registry per app instance, so several apps (tests) never collide; the process's series are shared. */
export function createMetrics(): Registry {
  return Registry.merge([processSeries(), new Registry()]);
}

/** Counts and times every request by method, route pattern and status. */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'opsdeck_http_requests_total',
    help: 'HTTP requests served',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'opsdeck_http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // the route pattern, not the raw URL, keeps label cardinality bounded
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}
