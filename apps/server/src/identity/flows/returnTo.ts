import type { FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../config.js';
import { kratosErrors } from '../errors.js';
import { publicOrigin } from '../http.js';

/**
 * Resolves `return_to` to an absolute URL on the allow list (the public origin, plus
 * `OPSDECK_ALLOWED_RETURN_URLS`), or throws `self_service_flow_return_to_forbidden`.
 * An open redirect after sign-in is a phishing tool, so anything else is refused.
 */
export function checkReturnTo(request: FastifyRequest, config: IdentityConfig, raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw kratosErrors.returnToForbidden(String(raw));
  const origin = publicOrigin(request, config);
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    throw kratosErrors.returnToForbidden(raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw kratosErrors.returnToForbidden(raw);
  if (url.origin === origin) return url.toString();
  for (const allowed of config.allowedReturnUrls) {
    let a: URL;
    try {
      a = new URL(allowed);
    } catch {
      continue;
    }
    if (url.origin === a.origin && url.pathname.startsWith(a.pathname)) return url.toString();
  }
  throw kratosErrors.returnToForbidden(raw);
}
