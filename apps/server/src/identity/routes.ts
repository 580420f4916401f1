import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { identityDeps } from './deps.js';
import { KratosError, kratosErrors } from './errors.js';
import { browserRequests, registerFlowRoutes } from './flows/flowRoutes.js';
import { UI_PATHS } from './flows/flows.js';
import { loginHandler } from './flows/login.js';
import { registerOidcRoutes } from './flows/oidc.js';
import { recoveryHandler } from './flows/recovery.js';
import { registrationHandler } from './flows/registration.js';
import { settingsHandler } from './flows/settings.js';
import { storeFlowError } from './flows/store.js';
import { verificationHandler } from './flows/verification.js';
import { uiUrl, wantsJson } from './http.js';
import { accountRoutes } from './people/accountRoutes.js';
import { registerSessionRoutes } from './sessions/sessionRoutes.js';
import { tokenRoutes } from './tokens/routes.js';

/**
 * The built-in identity server: Ory Kratos's public self-service API, mounted under /api/.ory
 * (ARCHITECTURE section 5, mode 1). Errors here use Kratos's envelope, not OpsDeck's.
 */
export async function identityRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  /** The HTTP status of a domain error thrown before a handler here (the NUL guard, the origin check). */
  errorStatus: (err: DomainError) => number,
): Promise<void> {
  const deps = identityDeps(ctx, app.log);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      Object.assign(kratosErrors.tooManyRequests(`Rate limit exceeded, retry in ${context.after}.`), {
        statusCode: 429,
      }),
  });
  // HTML forms post url-encoded bodies; Kratos accepts both forms and JSON
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.setErrorHandler(async (err: FastifyError, request, reply) =>
    kratosErrorReply(deps, err, request, reply, errorStatus),
  );

  for (const handler of [loginHandler, registrationHandler, recoveryHandler, verificationHandler, settingsHandler]) {
    registerFlowRoutes(app, deps, handler);
  }
  registerSessionRoutes(app, deps);
  registerOidcRoutes(app, deps);
}

async function kratosErrorReply(
  deps: ReturnType<typeof identityDeps>,
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  errorStatus: (err: DomainError) => number,
) {
  let error: KratosError;
  // a client error from outside the flows (the NUL guard, the origin check, Fastify's parsers)
  const status = err instanceof DomainError ? errorStatus(err) : err.statusCode;
  if (err instanceof KratosError) error = err;
  else if (err.validation) error = kratosErrors.badRequest(err.message);
  else if (typeof status === 'number' && status >= 400 && status < 500) {
    error = new KratosError(status, undefined, err.message, err.message);
  } else {
    request.log.error({ err }, 'identity server error');
    error = new KratosError(
      500,
      undefined,
      'An internal server error occurred, please contact the system administrator',
      '',
    );
  }
  // a browser navigating (not an SDK) is sent to a page rather than shown JSON
  if (browserRequests.has(request) && !wantsJson(request)) {
    const redirect = (err as { browserRedirect?: string }).browserRedirect;
    if (redirect) return reply.redirect(redirect, 303);
    const id = await storeFlowError(deps.db.kysely, error.toBody().error);
    return reply.redirect(uiUrl(request, deps.config.identity, `${UI_PATHS.error}?id=${id}`), 303);
  }
  return reply.code(error.code).headers(error.headers).send(error.toBody());
}

/** `/api/auth/*`: whoami and invitations (people/), then the signed-in person's access tokens (tokens/). */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await accountRoutes(app, ctx);
  await tokenRoutes(app, ctx);
}
