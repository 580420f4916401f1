import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityDeps } from '../deps.js';
import { kratosErrors } from '../errors.js';
import { browserRequests, currentSession } from '../flows/flowRoutes.js';
import { UI_PATHS } from '../flows/flows.js';
import { checkReturnTo } from '../flows/returnTo.js';
import { flowError } from '../flows/store.js';
import { apiUrl, SESSION_COOKIE, setCookie, uiUrl, wantsJson } from '../http.js';
import {
  findSession,
  needsSecondFactor,
  newLogoutToken,
  otherActiveSessions,
  revokeOtherSessions,
  revokeOwnSession,
  revokeSession,
  type SessionRow,
  sessionByLogoutToken,
  sessionJson,
} from './sessions.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/sessions/*`, logout and flow errors of the Kratos public API. */
export function registerSessionRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  const cfg = deps.config.identity;
  const requireSession = async (request: FastifyRequest): Promise<SessionRow> => {
    const session = await currentSession(deps, request);
    if (!session) throw kratosErrors.sessionInactive();
    return session;
  };
  const clearSessionCookie = (reply: FastifyReply) => setCookie(reply, cfg, SESSION_COOKIE, '', 0);

  app.get('/sessions/whoami', { config: { auth: 'public' } }, async (request, reply) => {
    const session = await requireSession(request);
    // `highest_available`: a second factor that exists must have been used
    if (await needsSecondFactor(deps.db.kysely, session)) {
      throw kratosErrors.aal2Required(apiUrl(request, cfg, '/self-service/login/browser?aal=aal2'));
    }
    reply.header('cache-control', 'private, no-store');
    return sessionJson(deps.db.kysely, session);
  });

  app.get('/sessions', { config: { auth: 'public' } }, async (request) => {
    const session = await requireSession(request);
    const rows = await otherActiveSessions(deps.db.kysely, session, deps.clock.now());
    return Promise.all(rows.map((r) => sessionJson(deps.db.kysely, r)));
  });

  app.delete('/sessions', { config: { auth: 'public' } }, async (request) => {
    const session = await requireSession(request);
    return { count: await revokeOtherSessions(deps.db.kysely, session) };
  });

  app.delete('/sessions/:id', { config: { auth: 'public' } }, async (request, reply) => {
    const session = await requireSession(request);
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) throw kratosErrors.badRequest('The session id is not a UUID.');
    if (id === session.id) throw kratosErrors.badRequest('Use logout to end the current session.');
    if (!(await revokeOwnSession(deps.db.kysely, session.identity_id, id)))
      throw kratosErrors.notFound('The session could not be found.');
    return reply.code(204).send();
  });

  app.get('/self-service/logout/browser', { config: { auth: 'public' } }, async (request) => {
    const session = await requireSession(request);
    const returnTo = checkReturnTo(request, cfg, (request.query as { return_to?: string }).return_to);
    const token = await newLogoutToken(deps.db.kysely, session.id);
    const query = new URLSearchParams({ token, ...(returnTo ? { return_to: returnTo } : {}) });
    return { logout_url: apiUrl(request, cfg, `/self-service/logout?${query}`), logout_token: token };
  });

  app.get('/self-service/logout', { config: { auth: 'public' } }, async (request, reply) => {
    browserRequests.add(request);
    const query = request.query as { token?: string; return_to?: string };
    const returnTo = checkReturnTo(request, cfg, query.return_to);
    const session = query.token ? await sessionByLogoutToken(deps.db.kysely, query.token) : undefined;
    if (!session) throw kratosErrors.badRequest('The logout token is missing or no longer valid.');
    await revokeSession(deps.db.kysely, session.id);
    clearSessionCookie(reply);
    if (wantsJson(request)) return reply.code(204).send();
    return reply.redirect(returnTo ?? uiUrl(request, cfg, UI_PATHS.login), 303);
  });

  app.delete('/self-service/logout/api', { config: { auth: 'public' } }, async (request, reply) => {
    const token = (request.body as { session_token?: unknown } | undefined)?.session_token;
    if (typeof token !== 'string' || !token) throw kratosErrors.badRequest('session_token is required.');
    const session = await findSession(deps.db.kysely, token, deps.clock.now());
    if (!session) throw kratosErrors.sessionInactive();
    await revokeSession(deps.db.kysely, session.id);
    return reply.code(204).send();
  });

  app.get('/self-service/errors', { config: { auth: 'public' } }, async (request) => {
    const { id } = request.query as { id?: string };
    if (!id || !UUID.test(id)) throw kratosErrors.notFound('The error could not be found.');
    const row = await flowError(deps.db.kysely, id);
    if (!row) throw kratosErrors.notFound('The error could not be found.');
    return {
      id: row.id,
      error: row.error,
      created_at: row.created_at.toISOString(),
      updated_at: row.created_at.toISOString(),
    };
  });

  app.get('/.well-known/change-password', { config: { auth: 'public' } }, async (request, reply) =>
    reply.redirect(apiUrl(request, cfg, '/self-service/settings/browser'), 303),
  );
}
