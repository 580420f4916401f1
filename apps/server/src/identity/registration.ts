import { kratosErrors } from './errors.js';
import type { FlowHandler } from './flowRoutes.js';
import { UI_PATHS } from './flows.js';
import { CSRF_COOKIE, field, readCookie, uiUrl } from './http.js';
import {
  createIdentity,
  DuplicateIdentityError,
  identityJson,
  normalizeEmail,
  type Traits,
  upsertCredential,
} from './identities.js';
import { oidcButtons, oidcRedirect } from './oidc.js';
import { hashPassword, passwordPolicyViolation } from './password.js';
import { setRoles } from './roles.js';
import { createSession, sessionJson } from './sessions.js';
import { text, type UiText } from './text.js';
import { input, submit, traitNodes } from './ui.js';
import { startVerification } from './verification.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Reads and checks the traits of a form; returns field messages when they are not acceptable. */
export function readTraits(body: Record<string, unknown>): { traits: Traits; fields: Record<string, UiText[]> } {
  const email = normalizeEmail(field(body, 'traits.email') ?? '');
  const first = (field(body, 'traits.name.first') ?? '').trim();
  const last = (field(body, 'traits.name.last') ?? '').trim();
  const fields: Record<string, UiText[]> = {};
  if (!email) fields['traits.email'] = [text.required('email')];
  else if (!EMAIL.test(email) || email.length > 320) fields['traits.email'] = [text.invalidFormat(email)];
  if (first.length > 256) fields['traits.name.first'] = [text.maxLength(256, first.length)];
  if (last.length > 256) fields['traits.name.last'] = [text.maxLength(256, last.length)];
  return { traits: { email, name: { first, last } }, fields };
}

/** Registration with traits and a password; starts email verification on success. */
export const registrationHandler: FlowHandler = {
  kind: 'registration',
  initialState: 'choose_method',

  async init({ deps, session }) {
    if (!deps.config.identity.registrationEnabled) throw kratosErrors.flowDisabled('registration');
    if (session) throw kratosErrors.sessionAlreadyAvailable();
    return { state: 'choose_method' };
  },

  async render(deps) {
    return [
      ...traitNodes('default'),
      input('password', 'password', 'password', {
        required: true,
        autocomplete: 'new-password',
        label: text.labelPassword(),
      }),
      submit('password', text.registrationRoot()),
      ...oidcButtons(deps, 'registration'),
    ];
  },

  async submit({ deps, flow, body, request, session }) {
    if (session) throw kratosErrors.sessionAlreadyAvailable();
    if (field(body, 'method') === 'oidc') return oidcRedirect(deps, request, flow, field(body, 'provider'));
    if (field(body, 'method') !== 'password') {
      return { type: 'form', status: 400, patch: { ui: { messages: [text.registrationNoStrategy()] } } };
    }
    const { traits, fields } = readTraits(body);
    const password = field(body, 'password') ?? '';
    const values = {
      'traits.email': traits.email,
      'traits.name.first': traits.name?.first,
      'traits.name.last': traits.name?.last,
    };
    if (!password) fields.password = [text.required('password')];
    else {
      const violation = passwordPolicyViolation(password, traits.email);
      if (violation) fields.password = [violation];
    }
    if (Object.keys(fields).length) {
      return { type: 'form', status: 400, patch: { active: 'password', ui: { messages: [], fields, values } } };
    }
    const hashed = await hashPassword(password);
    const now = deps.clock.now();
    let identityId: string;
    try {
      identityId = await deps.db.kysely.transaction().execute(async (trx) => {
        const id = await createIdentity(trx, { traits, now });
        await upsertCredential(trx, id, 'password', { hashed_password: hashed }, [traits.email]);
        if (deps.config.identity.defaultRole) await setRoles(trx, id, [deps.config.identity.defaultRole]);
        return id;
      });
    } catch (err) {
      if (!(err instanceof DuplicateIdentityError) && (err as { code?: string }).code !== '23505') throw err;
      return {
        type: 'form',
        status: 400,
        patch: { active: 'password', ui: { messages: [text.duplicateCredentials()], values } },
      };
    }
    const db = deps.db.kysely;
    const created = await createSession(db, {
      identityId,
      aal: 'aal1',
      methods: [{ method: 'password', aal: 'aal1', completed_at: now.toISOString() }],
      now,
      lifespanMs: deps.config.identity.sessionLifespanMs,
      request,
    });
    const verification = await startVerification(deps, request, {
      identityId,
      email: traits.email,
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
              verifiable_address: traits.email,
              url: uiUrl(request, deps.config.identity, `${UI_PATHS.verification}?flow=${verification.id}`),
            },
          },
        ],
      },
      redirect: flow.return_to ?? uiUrl(request, deps.config.identity, UI_PATHS.default),
      session: { token: created.token, row: created.session },
    };
  },
};
