import { randomUUID } from 'node:crypto';
import { isEmailAddress } from '@opsdeck/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { kratosErrors } from '../errors.js';
import { CSRF_COOKIE, field, readCookie, uiUrl } from '../http.js';
import {
  createIdentity,
  DuplicateIdentityError,
  identityJson,
  normalizeEmail,
  type Traits,
  upsertCredential,
} from '../people/identities.js';
import { setRoles } from '../people/roles.js';
import { createSession, sessionJson } from '../sessions/sessions.js';
import type { FlowHandler, SubmitContext, SubmitResult } from './flowRoutes.js';
import { internalOf, UI_PATHS } from './flows.js';
import { oidcButtons, oidcRedirect } from './oidc.js';
import { hashPassword, passwordPolicyViolation } from './password.js';
import { text, type UiText } from './text.js';
import { input, submit, traitNodes } from './ui.js';
import { startVerification } from './verification.js';
import { addCredential, creationOptions, flowChallenge, rotateChallenge, verifyAttestation } from './webauthn.js';

/** Reads and checks the traits of a form; returns field messages when they are not acceptable. */
export function readTraits(body: Record<string, unknown>): { traits: Traits; fields: Record<string, UiText[]> } {
  const email = normalizeEmail(field(body, 'traits.email') ?? '');
  const first = (field(body, 'traits.name.first') ?? '').trim();
  const last = (field(body, 'traits.name.last') ?? '').trim();
  const fields: Record<string, UiText[]> = {};
  if (!email) fields['traits.email'] = [text.required('email')];
  else if (!isEmailAddress(email)) fields['traits.email'] = [text.invalidFormat(email)];
  if (first.length > 256) fields['traits.name.first'] = [text.maxLength(256, first.length)];
  if (last.length > 256) fields['traits.name.last'] = [text.maxLength(256, last.length)];
  return { traits: { email, name: { first, last } }, fields };
}

/** Registration with traits and a password or a passkey; starts email verification on success. */
export const registrationHandler: FlowHandler = {
  kind: 'registration',
  initialState: 'choose_method',

  async init({ deps, session }) {
    if (!deps.config.identity.registrationEnabled) throw kratosErrors.flowDisabled('registration');
    if (session) throw kratosErrors.sessionAlreadyAvailable();
    // the future identity id doubles as the WebAuthn user handle of a passkey made here
    return { state: 'choose_method', internal: { user_handle: randomUUID() } };
  },

  async render(deps, flow, request) {
    const userHandle = internalOf<{ user_handle?: string }>(flow).user_handle ?? randomUUID();
    const options = await creationOptions(deps, request, {
      identityId: userHandle,
      email: 'new OpsDeck account',
      displayName: 'new OpsDeck account',
      challenge: await flowChallenge(deps, flow),
      passkey: true,
    });
    return [
      ...traitNodes('default'),
      input('password', 'password', 'password', {
        required: true,
        autocomplete: 'new-password',
        label: text.labelPassword(),
      }),
      submit('password', text.registrationRoot()),
      input('passkey', 'passkey_create_data', 'hidden', { value: options }),
      input('passkey', 'passkey_register_trigger', 'button', {
        value: '',
        onclickTrigger: 'oryPasskeyRegistration',
        label: text.registrationPasskey(),
      }),
      input('passkey', 'passkey_register', 'hidden', { value: '' }),
      ...oidcButtons(deps, 'registration'),
    ];
  },

  async submit(ctx) {
    const { deps, flow, body, request, session } = ctx;
    if (session) throw kratosErrors.sessionAlreadyAvailable();
    const method = field(body, 'method');
    if (method === 'oidc') return oidcRedirect(deps, request, flow, field(body, 'provider'));
    if (method !== 'password' && method !== 'passkey') {
      return { type: 'form', status: 400, patch: { ui: { messages: [text.registrationNoStrategy()] } } };
    }
    const { traits, fields } = readTraits(body);
    const values = {
      'traits.email': traits.email,
      'traits.name.first': traits.name?.first,
      'traits.name.last': traits.name?.last,
    };
    const invalid = (messages: UiText[]): SubmitResult => ({
      type: 'form',
      status: 400,
      patch: { active: method, ui: { messages, fields, values } },
    });
    let store: (trx: Kysely<Database>, id: string) => Promise<unknown>;
    let identityId: string | undefined;
    if (method === 'password') {
      const password = field(body, 'password') ?? '';
      if (!password) fields.password = [text.required('password')];
      else {
        const violation = passwordPolicyViolation(password, traits.email);
        if (violation) fields.password = [violation];
      }
      if (Object.keys(fields).length) return invalid([]);
      const hashed = await hashPassword(password);
      store = (trx, id) => upsertCredential(trx, id, 'password', { hashed_password: hashed }, [traits.email]);
    } else {
      if (Object.keys(fields).length) return invalid([]);
      identityId = internalOf<{ user_handle?: string }>(flow).user_handle;
      const credential = await verifyAttestation(deps, request, {
        raw: field(body, 'passkey_register'),
        challenge: await flowChallenge(deps, flow),
        passkey: true,
        displayName: 'Passkey',
      });
      await rotateChallenge(deps, flow);
      if (!credential || !identityId) {
        return invalid([text.validationGeneric('The passkey could not be verified. Please try again.')]);
      }
      store = (trx, id) => addCredential(trx, id, credential);
    }
    const now = deps.clock.now();
    try {
      identityId = await deps.db.kysely.transaction().execute(async (trx) => {
        const id = await createIdentity(trx, { traits, now, ...(identityId ? { id: identityId } : {}) });
        await store(trx, id);
        if (deps.config.identity.defaultRole) await setRoles(trx, id, [deps.config.identity.defaultRole]);
        return id;
      });
    } catch (err) {
      if (!(err instanceof DuplicateIdentityError) && (err as { code?: string }).code !== '23505') throw err;
      return invalid([text.duplicateCredentials()]);
    }
    return finishRegistration(ctx, identityId, traits.email, method);
  },
};

/** Signs the new identity in and starts verifying its email. */
async function finishRegistration(
  ctx: SubmitContext,
  identityId: string,
  email: string,
  method: string,
): Promise<SubmitResult> {
  const { deps, flow, request } = ctx;
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const created = await createSession(db, {
    identityId,
    aal: 'aal1',
    methods: [{ method, aal: 'aal1', completed_at: now.toISOString() }],
    now,
    lifespanMs: deps.config.identity.sessionLifespanMs,
    request,
  });
  const verification = await startVerification(deps, request, {
    identityId,
    email,
    type: flow.type,
    csrfToken: flow.type === 'browser' ? readCookie(request, CSRF_COOKIE) : undefined,
    returnTo: flow.return_to ?? undefined,
  });
  return {
    type: 'done',
    body: {
      identity: await identityJson(db, identityId),
      session: await sessionJson(db, created.session),
      continue_with: [
        {
          action: 'show_verification_ui',
          flow: {
            id: verification.id,
            verifiable_address: email,
            url: uiUrl(request, deps.config.identity, `${UI_PATHS.verification}?flow=${verification.id}`),
          },
        },
      ],
    },
    redirect: flow.return_to ?? uiUrl(request, deps.config.identity, UI_PATHS.default),
    session: { token: created.token, row: created.session },
  };
}
