import type { FastifyRequest } from 'fastify';
import { addressMatcher } from '../cidr.js';
import type { Config } from '../config.js';
import { safeEqual } from '../crypto/tokens.js';
import { DomainError } from '../errors.js';

/**
 * Who may read /metrics (it names every check): a scraper with `Authorization: Bearer
 * <OPSDECK_METRICS_TOKEN>`, or one at an address in OPSDECK_METRICS_ALLOW (loopback by default).
 * A request relayed by a proxy OpsDeck does not trust has no known address, so only the token
 * opens it: a reverse proxy on the same host would otherwise make every visitor loopback.
 */
export function metricsAccess(config: Config['http']): (request: FastifyRequest) => Promise<void> {
  const allowed = addressMatcher(config.metricsAllow);
  return async (request) => {
    const auth = request.headers.authorization;
    if (config.metricsToken && auth?.startsWith('Bearer ')) {
      if (safeEqual(auth.slice(7).trim(), config.metricsToken)) return;
      throw new DomainError('unauthorized', 'the metrics token is not valid');
    }
    const h = request.headers;
    const relayed = !config.trustProxy && (h['x-forwarded-for'] || h.forwarded || h['x-real-ip']);
    if (!relayed && allowed(request.ip)) return;
    if (config.metricsToken) {
      throw new DomainError('unauthorized', 'metrics need Authorization: Bearer <OPSDECK_METRICS_TOKEN>', {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    }
    throw new DomainError(
      'forbidden',
      `metrics are not served to ${request.ip}: add it to OPSDECK_METRICS_ALLOW or set OPSDECK_METRICS_TOKEN`,
    );
  };
}
