import type { OryFailure } from './oryTypes.js';
import { sameOriginPath } from './returnTo.js';

/** The five self-service flows of the identity server. */
export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** What the page shows when a flow had to start over. */
export const FLOW_MESSAGES = {
  expired: 'Your interaction expired, please fill out the form again.',
  csrf: 'A security violation was detected, please fill out the form again.',
  returnTo: 'The return_to address is not allowed.',
} as const;

/** What to do about a failed create, fetch or submit of a flow. */
export type FlowErrorAction =
  /** a 400 answer carries the whole flow again, with messages on its nodes: show it */
  | { kind: 'flow'; flow: unknown }
  /** start a new flow; `dropReturnTo` when the return_to itself was refused */
  | { kind: 'restart'; message?: string; dropReturnTo?: boolean }
  /** the server already made a fresh flow (an expired one names it in use_flow_id) */
  | { kind: 'use-flow'; id: string; message?: string }
  /** leave the page: a same-origin path (or a sign-in provider's page), loaded in full so the session is read again */
  | { kind: 'redirect'; to: string }
  | { kind: 'message'; message: string };

export interface FlowErrorContext {
  /** This page's origin; redirects elsewhere are refused. */
  origin: string;
  /** Path and query to come back to after signing in again. */
  here: string;
  /** Whether the flow was being created, fetched by id or submitted. */
  stage: 'create' | 'get' | 'submit';
  /** A submit of `method=oidc`: the identity server sends the browser on to the provider's own page. */
  toProvider?: boolean;
}

/** An absolute http(s) URL, or undefined. */
function httpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

const loginAgain = (here: string, extra = '') => `/login?${extra}return_to=${encodeURIComponent(here)}`;

/**
 * Decides what a failed identity call means for the page, by Kratos error id first and HTTP
 * status second (docs/identity.md).
 */
export function flowErrorAction(kind: FlowKind, failure: OryFailure, ctx: FlowErrorContext): FlowErrorAction {
  const { status, body } = failure;
  const redirectTo = (fallback: string) => sameOriginPath(body.redirect_browser_to, ctx.origin, fallback);
  if (status === 400 && body.ui && typeof body.ui === 'object') return { kind: 'flow', flow: body };
  switch (body.error?.id) {
    case 'session_aal2_required':
      return { kind: 'redirect', to: redirectTo(loginAgain(ctx.here, 'aal=aal2&')) };
    case 'session_already_available':
    case 'session_aal_already_fulfilled':
      return { kind: 'redirect', to: '/' };
    case 'session_refresh_required':
      return { kind: 'redirect', to: redirectTo(loginAgain(ctx.here, 'refresh=true&')) };
    case 'session_inactive':
    case 'session_aal1_required':
      return { kind: 'redirect', to: loginAgain(ctx.here) };
    case 'browser_location_change_required': {
      const external = ctx.toProvider && ctx.stage === 'submit' ? httpUrl(body.redirect_browser_to) : undefined;
      return { kind: 'redirect', to: external ?? redirectTo('/') };
    }
    case 'self_service_flow_return_to_forbidden':
      return { kind: 'restart', message: FLOW_MESSAGES.returnTo, dropReturnTo: true };
    case 'self_service_flow_expired':
      return body.use_flow_id
        ? { kind: 'use-flow', id: body.use_flow_id, message: FLOW_MESSAGES.expired }
        : { kind: 'restart', message: FLOW_MESSAGES.expired };
    case 'security_csrf_violation':
      return { kind: 'restart', message: FLOW_MESSAGES.csrf };
    case 'security_identity_mismatch':
      return { kind: 'restart' };
  }
  if (kind === 'verification' && (status === 403 || status === 410)) return { kind: 'redirect', to: '/verification' };
  if (kind === 'verification' && ctx.stage === 'create' && status === 400) return { kind: 'redirect', to: '/' };
  if (status === 410) return { kind: 'restart', message: FLOW_MESSAGES.expired };
  // a flow id that does not exist (a stale link): start afresh rather than show a dead end
  if (ctx.stage === 'get' && (status === 404 || status === 403)) return { kind: 'restart' };
  if (status === 401) return { kind: 'redirect', to: loginAgain(ctx.here) };
  const e = body.error;
  return { kind: 'message', message: e?.reason || e?.message || `HTTP ${status || 'error'}: the request failed` };
}
