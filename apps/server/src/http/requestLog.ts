import type { FastifyRequest } from 'fastify';

/**
 * What a request's log lines say about it. OpsDeck's own log may be read through a log backend,
 * so no credential goes in: the query string is left out (sign-out, flow and push links carry
 * tokens there), a path parameter named like a credential (`/api/push/:token`) is logged as its
 * route pattern, and headers (Authorization, cookies) are never logged.
 */

const SECRET_PARAM = /token|secret|password|passwd|key|code|credential|signature/i;

/** The request's path as logged: no query string, credential-like path parameters left as `:name`. */
export function loggedUrl(
  request: Pick<FastifyRequest, 'url'> & Partial<Pick<FastifyRequest, 'routeOptions' | 'params'>>,
): string {
  const raw = typeof request.url === 'string' ? request.url : '';
  const path = raw.split('?', 1)[0] ?? '';
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (!pattern || !Object.keys(params).some((name) => SECRET_PARAM.test(name))) return path;
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) =>
    SECRET_PARAM.test(name) || typeof params[name] !== 'string' ? whole : encodeURIComponent(params[name] as string),
  );
}

/** pino serializers for Fastify's `req` binding (its default logs the whole URL). */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: loggedUrl(request),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
