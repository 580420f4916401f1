// The submit handlers of the settings flow, one per method (settings.ts dispatches).

import { kratosErrors } from '../errors.js';
import { apiUrl, field, flag } from '../http.js';
import {
  DuplicateIdentityError,
  deleteCredential,
  identityIdByEmail,
  identityJson,
  updateTraits,
  upsertCredential,
} from '../people/identities.js';
import { addSessionMethod, type SessionRow } from '../sessions/sessions.js';
import type { SubmitContext, SubmitResult } from './flowRoutes.js';
import { internalOf } from './flows.js';
import { hashLookupCodes, newLookupCodes } from './lookup.js';
import { oidcRedirect, unlinkOidc } from './oidc.js';
import { hashPassword, passwordPolicyViolation } from './password.js';
import { readTraits } from './registration.js';
import { text, type UiText } from './text.js';
import { checkTotp, newTotpSecret } from './totp.js';
import { flowChallenge, registerCredential, removeCredential, rotateChallenge } from './webauthn.js';

/** Server-only state of a settings flow. */
export interface SettingsInternal {
  /** The seed offered for enrolment, sealed; replaced once linked. */
  totp_pending?: string;
  /** Backup codes shown once and awaiting confirmation, sealed. */
  lookup_pending?: string;
  [key: string]: unknown;
}

const saved = (active: string, internal?: Record<string, unknown>): SubmitResult => ({
  type: 'form',
  status: 200,
  patch: { state: 'success', active, ui: { messages: [text.settingsSuccess()] }, ...(internal ? { internal } : {}) },
});
const invalid = (
  active: string,
  fields: Record<string, UiText[]>,
  messages: UiText[] = [],
  values = {},
): SubmitResult => ({
  type: 'form',
  status: 400,
  patch: { active, ui: { messages, fields, values } },
});

export async function profile(ctx: SubmitContext, session: SessionRow, flowUrl: string): Promise<SubmitResult> {
  const { deps, body, request } = ctx;
  const { traits, fields } = readTraits(body);
  if (Object.keys(fields).length) return invalid('profile', fields);
  const current = await identityJson(deps.db.kysely, session.identity_id);
  if (current && current.traits.email !== traits.email) {
    const age = deps.clock.now().getTime() - session.authenticated_at.getTime();
    if (age > deps.config.identity.privilegedSessionMaxAgeMs) {
      throw kratosErrors.refreshRequired(
        apiUrl(
          request,
          deps.config.identity,
          `/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(flowUrl)}`,
        ),
      );
    }
    const owner = await identityIdByEmail(deps.db.kysely, traits.email);
    if (owner && owner !== session.identity_id) return invalid('profile', {}, [text.duplicateCredentials()]);
  }
  try {
    await deps.db.kysely.transaction().execute((trx) => updateTraits(trx, session.identity_id, traits));
  } catch (err) {
    if (err instanceof DuplicateIdentityError || (err as { code?: string }).code === '23505') {
      return invalid('profile', {}, [text.duplicateCredentials()]);
    }
    throw err;
  }
  return saved('profile');
}

export async function password(ctx: SubmitContext): Promise<SubmitResult> {
  const { deps, body, flow } = ctx;
  const identityId = flow.identity_id as string;
  const value = field(body, 'password') ?? '';
  if (!value) return invalid('password', { password: [text.required('password')] });
  const identity = await identityJson(deps.db.kysely, identityId);
  const violation = passwordPolicyViolation(value, identity?.traits.email);
  if (violation) return invalid('password', { password: [violation] });
  await upsertCredential(deps.db.kysely, identityId, 'password', { hashed_password: await hashPassword(value) }, [
    identity?.traits.email ?? '',
  ]);
  return saved('password');
}

export async function totp(ctx: SubmitContext, session: SessionRow): Promise<SubmitResult> {
  const { deps, body, flow } = ctx;
  const identityId = flow.identity_id as string;
  const db = deps.db.kysely;
  if (flag(body, 'totp_unlink')) {
    await deleteCredential(db, identityId, 'totp');
    return saved('totp', { totp_pending: deps.box.seal(newTotpSecret()) });
  }
  const pending = internalOf<SettingsInternal>(flow).totp_pending;
  if (!pending) return invalid('totp', { totp_code: [text.noTotp()] });
  const secret = deps.box.open(pending);
  const now = deps.clock.now();
  const step = checkTotp(secret, field(body, 'totp_code') ?? '', now);
  if (step === undefined) return invalid('totp', { totp_code: [text.totpWrong()] });
  await upsertCredential(db, identityId, 'totp', { secret: deps.box.seal(secret), last_step: step }, []);
  // the code proved the app: this session now holds the second factor too
  await addSessionMethod(db, session, { method: 'totp', aal: 'aal2', completed_at: now.toISOString() }, now);
  return saved('totp', { totp_pending: null });
}

export async function lookupSecret(ctx: SubmitContext, session: SessionRow): Promise<SubmitResult> {
  const { deps, body, flow } = ctx;
  const identityId = flow.identity_id as string;
  const db = deps.db.kysely;
  const internal = internalOf<SettingsInternal>(flow);
  if (flag(body, 'lookup_secret_regenerate')) {
    const codes = newLookupCodes();
    return {
      type: 'form',
      status: 200,
      patch: {
        state: 'show_form',
        active: 'lookup_secret',
        ui: { messages: [] },
        internal: { lookup_pending: deps.box.seal(JSON.stringify(codes)) },
      },
    };
  }
  if (flag(body, 'lookup_secret_confirm')) {
    if (!internal.lookup_pending) return invalid('lookup_secret', {}, [text.noLookup()]);
    const codes = JSON.parse(deps.box.open(internal.lookup_pending)) as string[];
    await upsertCredential(db, identityId, 'lookup_secret', await hashLookupCodes(codes), []);
    const now = deps.clock.now();
    await addSessionMethod(db, session, { method: 'lookup_secret', aal: 'aal2', completed_at: now.toISOString() }, now);
    return saved('lookup_secret', { lookup_pending: null });
  }
  if (flag(body, 'lookup_secret_disable')) {
    await deleteCredential(db, identityId, 'lookup_secret');
    return saved('lookup_secret', { lookup_pending: null });
  }
  return { type: 'form', status: 400, patch: { ui: { messages: [text.settingsNoStrategy()] } } };
}

export async function webauthn(
  ctx: SubmitContext,
  session: SessionRow,
  method: 'webauthn' | 'passkey',
): Promise<SubmitResult> {
  const { deps, body, flow, request } = ctx;
  const identityId = flow.identity_id as string;
  const db = deps.db.kysely;
  const remove = field(body, method === 'webauthn' ? 'webauthn_remove' : 'passkey_remove');
  if (remove) {
    if (!(await removeCredential(db, identityId, remove))) {
      return invalid(method, {}, [method === 'webauthn' ? text.noWebAuthn() : text.noWebAuthnUser()]);
    }
    return saved(method);
  }
  const raw = field(body, method === 'webauthn' ? 'webauthn_register' : 'passkey_settings_register');
  const challenge = await flowChallenge(deps, flow);
  const ok = await registerCredential(deps, request, {
    identityId,
    raw,
    challenge,
    passkey: method === 'passkey',
    displayName: (field(body, 'webauthn_register_displayname') ?? '').trim().slice(0, 128),
  });
  await rotateChallenge(deps, flow);
  if (!ok)
    return invalid(method, {}, [text.validationGeneric('The security key could not be verified. Please try again.')]);
  if (method === 'webauthn') {
    // registering proved possession of the key: the session holds the second factor too
    const now = deps.clock.now();
    await addSessionMethod(db, session, { method: 'webauthn', aal: 'aal2', completed_at: now.toISOString() }, now);
  }
  return saved(method);
}

export async function oidc(ctx: SubmitContext): Promise<SubmitResult> {
  const { deps, body, flow, request } = ctx;
  const unlink = field(body, 'unlink');
  if (unlink) {
    if (!(await unlinkOidc(deps, flow.identity_id as string, unlink))) {
      return invalid('oidc', {}, [
        text.validationGeneric('This sign-in method is not linked, or it is the last way to sign in.'),
      ]);
    }
    return saved('oidc');
  }
  return oidcRedirect(deps, request, flow, field(body, 'link'));
}
