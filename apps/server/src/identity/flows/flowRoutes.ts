import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../../crypto/tokens.js';
import type { IdentityDeps } from '../deps.js';
import { kratosErrors } from '../errors.js';
import { CSRF_COOKIE, flatBody, readCookie, SESSION_COOKIE, setCookie, uiUrl, wantsJson } from '../http.js';
import { ensureCsrfCookie, verifyCsrf } from '../sessions/csrf.js';
import { findSession, type SessionRow } from '../sessions/sessions.js';
import type { FlowKind } from '../tables.js';
import {
  createFlow,
  type FlowPatch,
  type FlowRow,
  flowJson,
  loadFlow,
  type NodeRenderer,
  UI_PATHS,
  updateFlow,
} from './flows.js';
import { checkReturnTo } from './returnTo.js';

/** Query parameters of flow creation. */
export interface InitQuery {
  return_to?: string;
  refresh?: string;
  aal?: string;
  via?: string;
}

export interface InitContext {
  deps: IdentityDeps;
  request: FastifyRequest;
  type: 'browser' | 'api';
  session: SessionRow | undefined;
  query: InitQuery;
  returnTo: string | undefined;
}

/** How a new flow starts. */
export interface FlowInit {
  state: string;
  identityId?: string;
  refresh?: boolean;
  requestedAal?: 'aal1' | 'aal2';
  internal?: Record<string, unknown>;
}

export interface SubmitContext {
  deps: IdentityDeps;
  request: FastifyRequest;
  reply: FastifyReply;
  flow: FlowRow;
  body: Record<string, unknown>;
  session: SessionRow | undefined;
}

/**
 * What a submit led to: the form again (200 with news such as "code sent", 400 with errors), or
 * the end of the flow (a JSON body, or a redirect for HTML forms), possibly with a new session.
 */
export type SubmitResult =
  | { type: 'form'; status: 200 | 400; patch: FlowPatch }
  | {
      type: 'done';
      body: Record<string, unknown>;
      redirect: string;
      session?: { token: string; row: SessionRow };
      /** JSON clients of browser flows get this error instead (e.g. 422 to follow a redirect). */
      jsonError?: Error;
    };

/** One self-service flow kind: how it starts, renders and handles a submit. */
export interface FlowHandler {
  kind: FlowKind;
  initialState: string;
  init(ctx: InitContext): Promise<FlowInit>;
  render: NodeRenderer;
  submit(ctx: SubmitContext): Promise<SubmitResult>;
  /** Extra checks when a flow is fetched (settings: the session must own it). */
  onGet?(ctx: {
    deps: IdentityDeps;
    request: FastifyRequest;
    flow: FlowRow;
    session: SessionRow | undefined;
  }): Promise<void>;
}

/** Requests answered as a browser (redirects, error page) rather than as an API client. */
export const browserRequests = new WeakSet<FastifyRequest>();

/** The session of a request: the cookie, `X-Session-Token`, or a Bearer session token. */
export async function currentSession(deps: IdentityDeps, request: FastifyRequest): Promise<SessionRow | undefined> {
  const now = deps.clock.now();
  const candidates: string[] = [];
  const cookie = readCookie(request, SESSION_COOKIE);
  if (cookie) candidates.push(cookie);
  const header = request.headers['x-session-token'];
  if (typeof header === 'string') candidates.push(header);
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) candidates.push(auth.slice(7).trim());
  for (const token of candidates) {
    const s = await findSession(deps.db.kysely, token, now);
    if (s) return s;
  }
  return undefined;
}

/** Sets the session cookie for a new or refreshed browser session. */
export function setSessionCookie(deps: IdentityDeps, reply: FastifyReply, token: string, row: SessionRow): void {
  setCookie(reply, deps.config.identity, SESSION_COOKIE, token, row.expires_at.getTime() - deps.clock.now().getTime());
}

/** Registers create (browser, api), get and submit for one flow kind. */
export function registerFlowRoutes(app: FastifyInstance, deps: IdentityDeps, handler: FlowHandler): void {
  const { kind } = handler;
  const cfg = deps.config.identity;
  const respondFlow = async (request: FastifyRequest, reply: FastifyReply, flow: FlowRow, status = 200) => {
    if (flow.type === 'browser' && !wantsJson(request)) {
      return reply.code(303).redirect(uiUrl(request, cfg, `${UI_PATHS[kind]}?flow=${flow.id}`), 303);
    }
    return reply.code(status).send(await flowJson(deps, request, flow, handler.render));
  };

  const init = (type: 'browser' | 'api') => async (request: FastifyRequest, reply: FastifyReply) => {
    if (type === 'browser') browserRequests.add(request);
    const query = request.query as InitQuery;
    const returnTo = checkReturnTo(request, cfg, query.return_to);
    const session = await currentSession(deps, request);
    const start = await handler.init({ deps, request, type, session, query, returnTo });
    const flow = await createFlow(deps, {
      kind,
      type,
      state: start.state,
      requestUrl: `${request.protocol}://${request.host}${request.url}`,
      returnTo,
      refresh: start.refresh,
      requestedAal: start.requestedAal,
      identityId: start.identityId,
      internal: start.internal,
      csrfToken: type === 'browser' ? ensureCsrfCookie(request, reply, cfg) : undefined,
    });
    return respondFlow(request, reply, flow);
  };

  // A flow past its lifespan is replaced: 410 with `use_flow_id` pointing at a fresh one.
  const refuseExpired = async (request: FastifyRequest, reply: FastifyReply, flow: FlowRow) => {
    const now = deps.clock.now();
    if (flow.expires_at > now) return;
    const fresh = await createFlow(deps, {
      kind,
      type: flow.type,
      state: handler.initialState,
      requestUrl: flow.request_url,
      returnTo: flow.return_to ?? undefined,
      refresh: flow.refresh,
      requestedAal: flow.requested_aal === 'aal2' ? 'aal2' : 'aal1',
      identityId: flow.identity_id ?? undefined,
      csrfToken: flow.type === 'browser' ? ensureCsrfCookie(request, reply, cfg) : undefined,
    });
    throw Object.assign(kratosErrors.flowExpired(flow.expires_at, now, fresh.id), {
      browserRedirect: uiUrl(request, cfg, `${UI_PATHS[kind]}?flow=${fresh.id}`),
    });
  };

  app.get(`/self-service/${kind}/browser`, { config: { auth: 'public' } }, init('browser'));
  app.get(`/self-service/${kind}/api`, { config: { auth: 'public' } }, init('api'));

  app.get(`/self-service/${kind}/flows`, { config: { auth: 'public' } }, async (request, reply) => {
    let flow = await loadFlow(deps, kind, (request.query as { id?: unknown }).id);
    if (!flow) throw kratosErrors.notFound(`The ${kind} flow could not be found.`);
    if (flow.type === 'browser') {
      browserRequests.add(request);
      const cookie = readCookie(request, CSRF_COOKIE);
      if (flow.csrf_token === '') {
        // flows made by an administrator (invitations) bind to the first browser that opens them
        flow = await updateFlow(deps, flow, { csrfToken: ensureCsrfCookie(request, reply, cfg) });
      } else if (!cookie || !safeEqual(cookie, flow.csrf_token)) {
        throw kratosErrors.csrfViolation(
          'The anti-CSRF cookie of this browser does not belong to the requested flow. Start the flow again in this browser.',
        );
      }
    }
    await refuseExpired(request, reply, flow);
    const session = await currentSession(deps, request);
    await handler.onGet?.({ deps, request, flow, session });
    return reply.send(await flowJson(deps, request, flow, handler.render));
  });

  app.post(
    `/self-service/${kind}`,
    { config: { auth: 'public', rateLimit: { max: cfg.rateLimitPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      const flow = await loadFlow(deps, kind, (request.query as { flow?: unknown }).flow);
      if (!flow) throw kratosErrors.notFound(`The ${kind} flow could not be found.`);
      const body = flatBody(request.body ?? {});
      if (flow.type === 'browser') {
        browserRequests.add(request);
        verifyCsrf(request, flow, body);
      }
      await refuseExpired(request, reply, flow);
      const session = await currentSession(deps, request);
      const result = await handler.submit({ deps, request, reply, flow, body, session });
      if (result.type === 'form') {
        const next = await updateFlow(deps, flow, result.patch);
        return respondFlow(request, reply, next, result.status);
      }
      const json = wantsJson(request);
      if (result.session) {
        if (flow.type === 'browser') setSessionCookie(deps, reply, result.session.token, result.session.row);
        else result.body.session_token = result.session.token;
      }
      if (flow.type === 'browser' && json && result.jsonError) throw result.jsonError;
      if (flow.type === 'browser' && !json) return reply.redirect(result.redirect, 303);
      return reply.send(result.body);
    },
  );
}
