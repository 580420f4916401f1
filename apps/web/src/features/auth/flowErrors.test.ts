import { describe, expect, it } from 'vitest';
import { FLOW_MESSAGES, type FlowErrorAction, type FlowKind, flowErrorAction } from './flowErrors.js';
import type { OryErrorBody } from './oryTypes.js';

const ctx = { origin: 'https://ops.example.com', here: '/incidents?x=1', stage: 'submit' as const };
const back = encodeURIComponent('/incidents?x=1');
const err = (id: string, extra: Partial<OryErrorBody> = {}): OryErrorBody => ({ error: { id }, ...extra });

describe('flowErrorAction', () => {
  it.each<[string, number, OryErrorBody, FlowErrorAction]>([
    [
      'aal2 follows the redirect',
      403,
      err('session_aal2_required', { redirect_browser_to: 'https://ops.example.com/login?aal=aal2' }),
      { kind: 'redirect', to: '/login?aal=aal2' },
    ],
    [
      'aal2 without a redirect goes to the 2FA sign-in',
      403,
      err('session_aal2_required'),
      { kind: 'redirect', to: `/login?aal=aal2&return_to=${back}` },
    ],
    [
      'aal2 never follows a redirect off-site',
      403,
      err('session_aal2_required', { redirect_browser_to: 'https://evil.example/login' }),
      { kind: 'redirect', to: `/login?aal=aal2&return_to=${back}` },
    ],
    ['already signed in goes home', 400, err('session_already_available'), { kind: 'redirect', to: '/' }],
    ['aal already fulfilled goes home', 400, err('session_aal_already_fulfilled'), { kind: 'redirect', to: '/' }],
    [
      'refresh required signs in again with refresh',
      403,
      err('session_refresh_required'),
      { kind: 'redirect', to: `/login?refresh=true&return_to=${back}` },
    ],
    ['inactive session signs in', 401, err('session_inactive'), { kind: 'redirect', to: `/login?return_to=${back}` }],
    ['aal1 required signs in', 401, err('session_aal1_required'), { kind: 'redirect', to: `/login?return_to=${back}` }],
    [
      'location change follows the redirect',
      422,
      err('browser_location_change_required', {
        redirect_browser_to: 'https://ops.example.com/profile-settings?flow=f',
      }),
      { kind: 'redirect', to: '/profile-settings?flow=f' },
    ],
    [
      'location change never leaves the site on its own',
      422,
      err('browser_location_change_required', { redirect_browser_to: 'https://idp.example/authorize?x=1' }),
      { kind: 'redirect', to: '/' },
    ],
    [
      'return_to refused',
      400,
      err('self_service_flow_return_to_forbidden'),
      { kind: 'restart', message: FLOW_MESSAGES.returnTo, dropReturnTo: true },
    ],
    [
      'expired with a fresh flow',
      410,
      err('self_service_flow_expired', { use_flow_id: 'f2' }),
      { kind: 'use-flow', id: 'f2', message: FLOW_MESSAGES.expired },
    ],
    ['expired without one', 410, err('self_service_flow_expired'), { kind: 'restart', message: FLOW_MESSAGES.expired }],
    ['csrf violation', 403, err('security_csrf_violation'), { kind: 'restart', message: FLOW_MESSAGES.csrf }],
    ['identity mismatch restarts', 403, err('security_identity_mismatch'), { kind: 'restart' }],
    [
      'a disabled account shows the reason',
      400,
      { error: { id: 'identity_disabled', reason: 'This account was disabled.' } },
      { kind: 'message', message: 'This account was disabled.' },
    ],
    [
      'too many attempts shows the message',
      429,
      { error: { id: 'rate_limit_exceeded', message: 'Too many requests' } },
      { kind: 'message', message: 'Too many requests' },
    ],
  ])('%s', (_name, status, body, expected) => {
    expect(flowErrorAction('login', { status, body }, ctx)).toEqual(expected);
  });

  it('shows a 400 that carries the flow', () => {
    const flow = { id: 'f', ui: { nodes: [] } };
    expect(flowErrorAction('settings', { status: 400, body: flow }, ctx)).toEqual({ kind: 'flow', flow });
  });

  it.each<[FlowKind, number, 'create' | 'get' | 'submit', FlowErrorAction]>([
    ['verification', 410, 'get', { kind: 'redirect', to: '/verification' }],
    ['verification', 403, 'submit', { kind: 'redirect', to: '/verification' }],
    ['verification', 400, 'create', { kind: 'redirect', to: '/' }],
    ['login', 410, 'get', { kind: 'restart', message: FLOW_MESSAGES.expired }],
    ['login', 404, 'get', { kind: 'restart' }],
  ])('%s answering %i on %s', (kind, status, stage, expected) => {
    expect(flowErrorAction(kind, { status, body: {} }, { ...ctx, stage })).toEqual(expected);
  });
});

describe('sign-in with a provider', () => {
  const change = {
    status: 422,
    body: err('browser_location_change_required', { redirect_browser_to: 'https://idp.example/authorize?x=1' }),
  };
  it('follows the identity server to the provider after a method=oidc submit', () => {
    expect(flowErrorAction('login', change, { ...ctx, toProvider: true })).toEqual({
      kind: 'redirect',
      to: 'https://idp.example/authorize?x=1',
    });
  });
  it('never follows a script: URL', () => {
    const js = {
      status: 422,
      body: err('browser_location_change_required', { redirect_browser_to: 'javascript:alert(1)' }),
    };
    expect(flowErrorAction('login', js, { ...ctx, toProvider: true })).toEqual({ kind: 'redirect', to: '/' });
  });
});
