import { kratosErrors } from '../errors.js';
import { apiUrl, field, uiUrl } from '../http.js';
import {
  credentialConfig,
  findByIdentifier,
  findByIdentifier as findCredential,
  hasSecondFactor,
  identityJson,
  normalizeEmail,
} from '../people/identities.js';
import { knownDevice, rememberDevice } from '../sessions/deviceCookie.js';
import { type AuthMethod, addSessionMethod, createSession, sessionJson } from '../sessions/sessions.js';
import type { FlowHandler, SubmitContext, SubmitResult } from './flowRoutes.js';
import { UI_PATHS } from './flows.js';
import { type LookupConfig, remainingLookupCodes } from './lookup.js';
import { oidcButtons, oidcRedirect } from './oidc.js';
import { verifyPassword } from './password.js';
import { consumeLookupCode, verifyIdentityTotp } from './secondFactor.js';
import { text } from './text.js';
import { input, submit, type UiNode } from './ui.js';
import { flowChallenge, requestOptions, rotateChallenge, verifyAssertion, webauthnCredentials } from './webauthn.js';

interface PasswordConfig {
  hashed_password: string;
}

/** Login: password as the first factor; TOTP or a backup code as the second (`aal=aal2`). */
export const loginHandler: FlowHandler = {
  kind: 'login',
  initialState: 'choose_method',

  async init({ session, query }) {
    const refresh = query.refresh === 'true';
    if (query.aal === 'aal2') {
      if (!session) throw kratosErrors.aal1Required();
      if (session.aal === 'aal2' && !refresh) throw kratosErrors.aalAlreadyFulfilled();
      return { state: 'choose_method', identityId: session.identity_id, requestedAal: 'aal2', refresh };
    }
    if (session && !refresh) throw kratosErrors.sessionAlreadyAvailable();
    return { state: 'choose_method', identityId: refresh ? session?.identity_id : undefined, refresh };
  },

  async render(deps, flow, request) {
    const db = deps.db.kysely;
    if (flow.requested_aal === 'aal2' && flow.identity_id) {
      const nodes: UiNode[] = [];
      if (await credentialConfig(db, flow.identity_id, 'totp')) {
        nodes.push(
          input('totp', 'totp_code', 'text', {
            required: true,
            autocomplete: 'one-time-code',
            label: text.loginTotpLabel(),
          }),
          submit('totp', text.loginTotp()),
        );
      }
      const keys = (await webauthnCredentials(db, flow.identity_id)).filter((c) => !c.is_passwordless);
      if (keys.length) {
        const options = await requestOptions(deps, request, await flowChallenge(deps, flow), keys);
        nodes.push(
          input('webauthn', 'webauthn_login_trigger', 'button', {
            value: options,
            onclickTrigger: 'oryWebAuthnLogin',
            label: text.loginWebAuthn(),
          }),
          input('webauthn', 'webauthn_login', 'hidden', { value: '' }),
        );
      }
      const lookup = await credentialConfig<LookupConfig>(db, flow.identity_id, 'lookup_secret');
      if (remainingLookupCodes(lookup) > 0) {
        nodes.push(
          input('lookup_secret', 'lookup_secret', 'text', {
            required: true,
            autocomplete: 'off',
            label: text.loginLookupLabel(),
          }),
          submit('lookup_secret', text.loginLookup()),
        );
      }
      return nodes;
    }
    const identity = flow.refresh && flow.identity_id ? await identityJson(db, flow.identity_id) : undefined;
    const nodes = [
      identity
        ? input('default', 'identifier', 'hidden', { value: identity.traits.email, required: true })
        : input('default', 'identifier', 'text', {
            required: true,
            autocomplete: 'username webauthn',
            label: text.labelId(),
          }),
      input('password', 'password', 'password', {
        required: true,
        autocomplete: 'current-password',
        label: text.labelPassword(),
      }),
      submit('password', text.loginRoot()),
    ];
    if (!identity) {
      // passwordless: any passkey of this site, found by the browser (discoverable credential)
      const options = await requestOptions(deps, request, await flowChallenge(deps, flow));
      nodes.push(
        input('passkey', 'passkey_challenge', 'hidden', { value: options }),
        input('passkey', 'passkey_login_trigger', 'button', {
          value: '',
          onclickTrigger: 'oryPasskeyLogin',
          label: text.loginPasskey(),
        }),
        input('passkey', 'passkey_login', 'hidden', { value: '' }),
        ...oidcButtons(deps, 'login'),
      );
    }
    return nodes;
  },

  async submit(ctx) {
    const method = field(ctx.body, 'method');
    if (ctx.flow.requested_aal === 'aal2') {
      if (method === 'totp' || method === 'lookup_secret' || method === 'webauthn') return secondFactor(ctx, method);
    } else if (method === 'password') {
      return password(ctx);
    } else if (method === 'passkey' && !ctx.flow.refresh) {
      return passkey(ctx);
    } else if (method === 'oidc' && !ctx.flow.refresh) {
      return oidcRedirect(ctx.deps, ctx.request, ctx.flow, field(ctx.body, 'provider'));
    }
    return { type: 'form', status: 400, patch: { ui: { messages: [text.loginNoStrategy()] } } };
  },
};

const formError = (
  messages: ReturnType<typeof text.invalidCredentials>[],
  values: Record<string, unknown> = {},
  fields = {},
): SubmitResult => ({
  type: 'form',
  status: 400,
  patch: { active: 'password', ui: { messages, values, fields } },
});

async function password(ctx: SubmitContext): Promise<SubmitResult> {
  const { deps, flow, body } = ctx;
  const identifier = normalizeEmail(field(body, 'identifier') ?? '');
  const secret = field(body, 'password') ?? '';
  const fields: Record<string, ReturnType<typeof text.required>[]> = {};
  if (!identifier) fields.identifier = [text.required('identifier')];
  if (!secret) fields.password = [text.required('password')];
  if (Object.keys(fields).length) return formError([], { identifier }, fields);

  const attempt = { account: identifier, address: ctx.request.ip, device: knownDevice(deps, ctx.request, identifier) };
  const wait = deps.signIn.wait(attempt);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    const after = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
    throw kratosErrors.tooManyRequests(`Too many failed sign-in attempts; try again in ${after}.`, wait);
  }
  const found = await findByIdentifier<PasswordConfig>(deps.db.kysely, 'password', identifier);
  const ok = await verifyPassword(found?.config.hashed_password, secret);
  if (!found || !ok) {
    deps.signIn.fail(attempt);
    return formError([text.invalidCredentials()], { identifier });
  }
  deps.signIn.succeed(attempt);
  rememberDevice(deps, ctx.request, ctx.reply, identifier);
  if (found.state !== 'active') throw kratosErrors.identityDisabled();
  if (flow.refresh && flow.identity_id && flow.identity_id !== found.identityId) throw kratosErrors.identityMismatch();
  return finishFirstFactor(ctx, found.identityId, 'password');
}

async function passkey(ctx: SubmitContext): Promise<SubmitResult> {
  const { deps, flow, body, request } = ctx;
  const raw = field(body, 'passkey_login');
  let credentialId: string | undefined;
  try {
    credentialId = raw ? (JSON.parse(raw) as { id?: string }).id : undefined;
  } catch {
    credentialId = undefined;
  }
  const owner = credentialId ? await findCredential(deps.db.kysely, 'webauthn', credentialId) : undefined;
  const challenge = await flowChallenge(deps, flow);
  const used = owner
    ? await verifyAssertion(deps, request, { identityId: owner.identityId, raw, challenge, passwordless: true })
    : undefined;
  await rotateChallenge(deps, flow);
  if (!owner || !used) {
    return {
      type: 'form',
      status: 400,
      patch: { active: 'passkey', ui: { messages: [text.noWebAuthnUser()], values: {}, fields: {} } },
    };
  }
  if (owner.state !== 'active') throw kratosErrors.identityDisabled();
  return finishFirstFactor(ctx, owner.identityId, 'passkey');
}

/** Signs in (or refreshes) after a first factor, and points at the second one when the account has it. */
async function finishFirstFactor(ctx: SubmitContext, identityId: string, methodName: string): Promise<SubmitResult> {
  const { deps, flow, request } = ctx;
  const found = { identityId };
  const now = deps.clock.now();
  const method: AuthMethod = { method: methodName, aal: 'aal1', completed_at: now.toISOString() };
  const db = deps.db.kysely;
  let session = ctx.session && ctx.session.identity_id === found.identityId ? ctx.session : undefined;
  let token: string | undefined;
  if (session) {
    session = await addSessionMethod(db, session, method, now);
  } else {
    const created = await createSession(db, {
      identityId: found.identityId,
      aal: 'aal1',
      methods: [method],
      now,
      lifespanMs: deps.config.identity.sessionLifespanMs,
      request,
    });
    session = created.session;
    token = created.token;
  }
  const cfg = deps.config.identity;
  const returnTo = flow.return_to ?? uiUrl(request, cfg, UI_PATHS.default);
  const needsAal2 = session.aal !== 'aal2' && (await hasSecondFactor(db, found.identityId));
  const aal2Url = apiUrl(
    request,
    cfg,
    `/self-service/login/browser?aal=aal2&return_to=${encodeURIComponent(returnTo)}`,
  );
  const result: Record<string, unknown> = { session: await sessionJson(db, session) };
  if (needsAal2) result.continue_with = [{ action: 'redirect_browser_to', redirect_browser_to: aal2Url }];
  return {
    type: 'done',
    body: result,
    redirect: needsAal2 ? aal2Url : returnTo,
    ...(token ? { session: { token, row: session } } : {}),
  };
}

async function secondFactor(ctx: SubmitContext, method: 'totp' | 'lookup_secret' | 'webauthn'): Promise<SubmitResult> {
  const { deps, flow, body, request } = ctx;
  const session = ctx.session;
  if (!session) throw kratosErrors.aal1Required();
  if (session.identity_id !== flow.identity_id) throw kratosErrors.identityMismatch();
  const fail = (name: string, message: ReturnType<typeof text.totpWrong>): SubmitResult => ({
    type: 'form',
    status: 400,
    patch: { active: method, ui: { messages: [], values: {}, fields: { [name]: [message] } } },
  });
  const identifier = `aal2:${session.identity_id}`;
  const wait = deps.throttle.retryAfter(identifier);
  if (wait > 0) throw kratosErrors.tooManyRequests('Too many wrong codes; try again later.', wait);
  if (method === 'totp') {
    const outcome = await verifyIdentityTotp(deps, session.identity_id, field(body, 'totp_code') ?? '');
    if (outcome === 'none') return fail('totp_code', text.noTotp());
    if (outcome === 'invalid') {
      deps.throttle.fail(identifier);
      return fail('totp_code', text.totpWrong());
    }
  } else if (method === 'webauthn') {
    const challenge = await flowChallenge(deps, flow);
    const used = await verifyAssertion(deps, request, {
      identityId: session.identity_id,
      raw: field(body, 'webauthn_login'),
      challenge,
      passwordless: false,
    });
    await rotateChallenge(deps, flow);
    if (!used) {
      deps.throttle.fail(identifier);
      return {
        type: 'form',
        status: 400,
        patch: { active: method, ui: { messages: [text.noWebAuthnUser()], values: {}, fields: {} } },
      };
    }
  } else {
    const outcome = await consumeLookupCode(deps, session.identity_id, field(body, 'lookup_secret') ?? '');
    if (outcome === 'none') return fail('lookup_secret', text.noLookup());
    if (outcome === 'used') return fail('lookup_secret', text.lookupUsed());
    if (outcome === 'invalid') {
      deps.throttle.fail(identifier);
      return fail('lookup_secret', text.lookupInvalid());
    }
  }
  deps.throttle.succeed(identifier);
  const now = deps.clock.now();
  const upgraded = await addSessionMethod(
    deps.db.kysely,
    session,
    { method, aal: 'aal2', completed_at: now.toISOString() },
    now,
  );
  return {
    type: 'done',
    body: { session: await sessionJson(deps.db.kysely, upgraded) },
    redirect: flow.return_to ?? uiUrl(request, deps.config.identity, UI_PATHS.default),
  };
}
