import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per app instance, so several apps (tests) never collide. */
export function createMetrics(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'opsdeck_' });
  return registry;
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
