import type { FastifyRequest } from 'fastify';
import type { IdentityDeps } from '../deps.js';
import { kratosErrors } from '../errors.js';
import { apiUrl, field, uiUrl } from '../http.js';
import { credentialConfig, displayName, identityJson } from '../people/identities.js';
import { needsSecondFactor, type SessionRow } from '../sessions/sessions.js';
import type { FlowHandler } from './flowRoutes.js';
import { type FlowRow, internalOf, UI_PATHS, updateFlow } from './flows.js';
import type { LookupConfig } from './lookup.js';
import { oidcSettingsButtons } from './oidc.js';
import { lookupSecret, oidc, password, profile, type SettingsInternal, totp, webauthn } from './settingsMethods.js';
import { text } from './text.js';
import { newTotpSecret, totpQr } from './totp.js';
import { imgNode, input, submit, textNode, traitNodes, type UiNode } from './ui.js';
import { creationOptions, flowChallenge, webauthnCredentials } from './webauthn.js';

/** The session must belong to the identity the flow was made for. */
function requireOwner(flow: FlowRow, session: SessionRow | undefined): SessionRow {
  if (!session) throw kratosErrors.sessionInactive();
  if (flow.identity_id !== session.identity_id) throw kratosErrors.identityMismatch();
  return session;
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

/** Settings: profile, password, TOTP app, backup codes, security keys, passkeys and providers of the signed-in identity. */
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
    const owner = requireOwner(flow, session);
    await requireAal(
      deps,
      request,
      owner,
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
    const s = requireOwner(flow, session);
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
