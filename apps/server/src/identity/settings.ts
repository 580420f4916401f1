import type { FastifyRequest } from 'fastify';
import type { IdentityDeps } from './deps.js';
import { kratosErrors } from './errors.js';
import type { FlowHandler, SubmitContext, SubmitResult } from './flowRoutes.js';
import { type FlowRow, internalOf, UI_PATHS, updateFlow } from './flows.js';
import { apiUrl, field, flag, uiUrl } from './http.js';
import {
  credentialConfig,
  DuplicateIdentityError,
  deleteCredential,
  displayName,
  identityIdByEmail,
  identityJson,
  updateTraits,
  upsertCredential,
} from './identities.js';
import { hashLookupCodes, type LookupConfig, newLookupCodes } from './lookup.js';
import { oidcRedirect, oidcSettingsButtons, unlinkOidc } from './oidc.js';
import { hashPassword, passwordPolicyViolation } from './password.js';
import { readTraits } from './registration.js';
import { addSessionMethod, needsSecondFactor, type SessionRow } from './sessions.js';
import { text, type UiText } from './text.js';
import { checkTotp, newTotpSecret, totpQr } from './totp.js';
import { imgNode, input, submit, textNode, traitNodes, type UiNode } from './ui.js';
import {
  creationOptions,
  flowChallenge,
  registerCredential,
  removeCredential,
  rotateChallenge,
  webauthnCredentials,
} from './webauthn.js';

interface SettingsInternal {
  /** The seed offered for enrolment, sealed; replaced once linked. */
  totp_pending?: string;
  /** Backup codes shown once and awaiting confirmation, sealed. */
  lookup_pending?: string;
  [key: string]: unknown;
}

function requireOwner(deps: IdentityDeps, request: FastifyRequest, flow: FlowRow, session: SessionRow | undefined) {
  if (!session) throw kratosErrors.sessionInactive();
  if (flow.identity_id !== session.identity_id) throw kratosErrors.identityMismatch();
  void deps;
  void request;
}

async function requireAal(deps: IdentityDeps, request: FastifyRequest, session: SessionRow, returnTo: string) {
  if (await needsSecondFactor(deps.db.kysely, session)) {
    throw kratosErrors.aal2Required(
      apiUrl(
        request,
        deps.config.identity,
        `/self-service/login/browser?aal=aal2&return_to=${encodeURIComponent(returnTo)}`,
      ),
    );
  }
}

/** Settings: profile traits, password, TOTP app and backup codes of the signed-in identity. */
export const settingsHandler: FlowHandler = {
  kind: 'settings',
  initialState: 'show_form',

  async init({ deps, request, session, returnTo }) {
    if (!session) throw kratosErrors.sessionInactive();
    await requireAal(deps, request, session, returnTo ?? uiUrl(request, deps.config.identity, UI_PATHS.settings));
    return {
      state: 'show_form',
      identityId: session.identity_id,
      internal: { totp_pending: deps.box.seal(newTotpSecret()) },
    };
  },

  async onGet({ deps, request, flow, session }) {
    requireOwner(deps, request, flow, session);
    await requireAal(
      deps,
      request,
      session as SessionRow,
      uiUrl(request, deps.config.identity, `${UI_PATHS.settings}?flow=${flow.id}`),
    );
  },

  async render(deps, flow, request) {
    const db = deps.db.kysely;
    const identityId = flow.identity_id as string;
    const identity = await identityJson(db, identityId);
    let current = flow;
    if (!internalOf<SettingsInternal>(current).totp_pending && !(await credentialConfig(db, identityId, 'totp'))) {
      // flows opened by recovery start without an enrolment seed
      current = await updateFlow(deps, current, { internal: { totp_pending: deps.box.seal(newTotpSecret()) } });
    }
    const internal = internalOf<SettingsInternal>(current);
    const nodes: UiNode[] = [
      ...traitNodes('profile', identity?.traits),
      submit('profile', text.labelSave()),
      input('password', 'password', 'password', {
        required: true,
        autocomplete: 'new-password',
        label: text.labelPassword(),
      }),
      submit('password', text.labelSave()),
    ];
    if (await credentialConfig(db, identityId, 'totp')) {
      nodes.push(submit('totp', text.settingsUnlinkTotp(), 'totp_unlink', true));
    } else if (internal.totp_pending) {
      const secret = deps.box.open(internal.totp_pending);
      const qr = await totpQr(secret, identity?.traits.email ?? '');
      nodes.push(
        imgNode('totp', 'totp_qr', qr.dataUrl, 256, text.settingsTotpQr()),
        textNode('totp', 'totp_secret_key', text.settingsTotpSecret(secret), text.settingsTotpSecretLabel()),
        input('totp', 'totp_code', 'text', {
          required: true,
          autocomplete: 'one-time-code',
          label: text.labelVerifyOtp(),
        }),
        submit('totp', text.labelSave()),
      );
    }
    const lookup = await credentialConfig<LookupConfig>(db, identityId, 'lookup_secret');
    if (internal.lookup_pending) {
      const codes = JSON.parse(deps.box.open(internal.lookup_pending)) as string[];
      nodes.push(
        textNode(
          'lookup_secret',
          'lookup_secret_codes',
          text.settingsLookupSecretList(codes),
          text.settingsLookupSecretLabel(),
        ),
        submit('lookup_secret', text.settingsLookupConfirm(), 'lookup_secret_confirm', true),
      );
    } else if (lookup) {
      nodes.push(
        submit('lookup_secret', text.settingsRegenerateLookup(), 'lookup_secret_regenerate', true),
        submit('lookup_secret', text.settingsDisableLookup(), 'lookup_secret_disable', true),
      );
    } else {
      nodes.push(submit('lookup_secret', text.settingsRegenerateLookup(), 'lookup_secret_regenerate', true));
    }
    const challenge = await flowChallenge(deps, current);
    const email = identity?.traits.email ?? '';
    const name = identity ? displayName(identity.traits) : email;
    const keys = await webauthnCredentials(db, identityId);
    nodes.push(
      input('webauthn', 'webauthn_register_displayname', 'text', {
        value: '',
        label: text.settingsWebAuthnDisplayName(),
      }),
      input('webauthn', 'webauthn_register_trigger', 'button', {
        value: await creationOptions(deps, request, {
          identityId,
          email,
          displayName: name,
          challenge,
          passkey: false,
        }),
        onclickTrigger: 'oryWebAuthnRegistration',
        label: text.settingsRegisterWebAuthn(),
      }),
      input('webauthn', 'webauthn_register', 'hidden', { value: '' }),
      ...keys
        .filter((k) => !k.is_passwordless)
        .map((k) => submit('webauthn', text.settingsRemoveWebAuthn(k.display_name), 'webauthn_remove', k.id)),
      input('passkey', 'passkey_create_data', 'hidden', {
        value: await creationOptions(deps, request, { identityId, email, displayName: name, challenge, passkey: true }),
      }),
      input('passkey', 'passkey_register_trigger', 'button', {
        value: '',
        onclickTrigger: 'oryPasskeyRegistration',
        label: text.settingsAddPasskey(),
      }),
      input('passkey', 'passkey_settings_register', 'hidden', { value: '' }),
      ...keys
        .filter((k) => k.is_passwordless)
        .map((k) => submit('passkey', text.settingsRemovePasskey(k.display_name), 'passkey_remove', k.id)),
      ...(await oidcSettingsButtons(deps, identityId)),
    );
    return nodes;
  },

  async submit(ctx) {
    const { deps, request, flow, session } = ctx;
    requireOwner(deps, request, flow, session);
    const s = session as SessionRow;
    const flowUrl = uiUrl(request, deps.config.identity, `${UI_PATHS.settings}?flow=${flow.id}`);
    await requireAal(deps, request, s, flowUrl);
    const method = field(ctx.body, 'method');
    if (method === 'profile') return profile(ctx, s, flowUrl);
    // changing a credential needs a recent sign-in (Kratos's privileged session)
    if (
      method === 'password' ||
      method === 'totp' ||
      method === 'lookup_secret' ||
      method === 'webauthn' ||
      method === 'passkey' ||
      method === 'oidc'
    ) {
      const age = deps.clock.now().getTime() - s.authenticated_at.getTime();
      if (age > deps.config.identity.privilegedSessionMaxAgeMs) {
        throw kratosErrors.refreshRequired(
          apiUrl(
            request,
            deps.config.identity,
            `/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(flowUrl)}`,
          ),
        );
      }
      if (method === 'password') return password(ctx);
      if (method === 'totp') return totp(ctx, s);
      if (method === 'webauthn' || method === 'passkey') return webauthn(ctx, s, method);
      if (method === 'oidc') return oidc(ctx);
      return lookupSecret(ctx, s);
    }
    return { type: 'form', status: 400, patch: { ui: { messages: [text.settingsNoStrategy()] } } };
  },
};

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

async function profile(ctx: SubmitContext, session: SessionRow, flowUrl: string): Promise<SubmitResult> {
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

async function password(ctx: SubmitContext): Promise<SubmitResult> {
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

async function totp(ctx: SubmitContext, session: SessionRow): Promise<SubmitResult> {
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

async function lookupSecret(ctx: SubmitContext, session: SessionRow): Promise<SubmitResult> {
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

async function webauthn(
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

async function oidc(ctx: SubmitContext): Promise<SubmitResult> {
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
