import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { DomainError } from '../errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `host:port` forms an origin may be written with (`https://a.example` is also `a.example:443`). */
function hostsOf(origin: URL): string[] {
  const port = origin.port || (origin.protocol === 'https:' ? '443' : origin.protocol === 'http:' ? '80' : '');
  return [origin.host.toLowerCase(), `${origin.hostname}:${port}`.toLowerCase()];
}

/** The origins configured as ours: OPSDECK_PUBLIC_URL and OPSDECK_ALLOWED_RETURN_URLS. */
function configuredOrigins(config: Config): Set<string> {
  const out = new Set<string>();
  for (const raw of [config.identity.publicUrl, ...config.identity.allowedReturnUrls]) {
    if (!raw) continue;
    try {
      out.add(new URL(raw).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return out;
}

/** Whether `origin` (an Origin header, or a Referer's origin) is this site. */
export function isOwnOrigin(request: FastifyRequest, origin: string, allowed: Set<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes `null` (sandboxed frames, data: URLs)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (allowed.has(url.origin)) return true;
  // the scheme may differ behind a TLS-terminating proxy; the host the browser used may not
  return hostsOf(url).includes(request.host.toLowerCase());
}

/**
 * Cross-site request forgery: a state-changing request that a browser sends with the session
 * cookie must come from a page of this site. Browsers send Origin on every POST/PUT/PATCH/DELETE
 * (and a page cannot remove it), so it is checked, or the Referer when Origin is missing. A
 * cookie-signed write with neither is refused too: no browser sends one, yet some strip both
 * (privacy extensions, old plugins), and a client that is not a browser signs in with an access
 * token instead. A request without the session cookie is not forgeable this way and passes, which
 * is how the direct-mode web app on another origin calls with a bearer token (no cookies, see
 * organizations/cors.ts); a token added to a request that does carry the cookie earns no
 * exemption, as the cookie may be what signs it in.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  config: Config,
  /** Whether the request carries the session cookie (identity knows its name). */
  carriesSession: (request: FastifyRequest) => boolean,
): void {
  const allowed = configuredOrigins(config);
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    if (!carriesSession(request)) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    const source = typeof origin === 'string' ? origin : typeof referer === 'string' ? referer : undefined;
    if (source === undefined) {
      throw new DomainError(
        'forbidden',
        `cross-site request refused: ${request.method} with the session cookie but neither Origin nor Referer; send one of them, or call with an access token (Authorization: Bearer) and no cookie`,
      );
    }
    if (isOwnOrigin(request, source, allowed)) return;
    throw new DomainError(
      'forbidden',
      `cross-site request refused: ${request.method} from ${typeof origin === 'string' ? 'origin' : 'referer'} ${source.slice(0, 200)} is not this site; set OPSDECK_PUBLIC_URL if OpsDeck is reached through another address`,
    );
  });
}
