import type { FastifyRequest } from 'fastify';
import type { IdentityDeps } from '../deps.js';
import { kratosErrors } from '../errors.js';
import { CSRF_COOKIE, field, readCookie, uiUrl } from '../http.js';
import { identityIdByEmail, normalizeEmail } from '../people/identities.js';
import { createSession } from '../sessions/sessions.js';
import { issueCode, useCode } from './codes.js';
import type { FlowHandler, SubmitResult } from './flowRoutes.js';
import { createFlow, type FlowRow, internalOf, UI_PATHS } from './flows.js';
import { text } from './text.js';
import { input, submit, type UiNode } from './ui.js';

/** Emails a recovery code for `email` when it belongs to an active identity (silently skips otherwise). */
export async function sendRecoveryCode(
  deps: IdentityDeps,
  request: FastifyRequest,
  flow: FlowRow,
  email: string,
  invitation = false,
): Promise<void> {
  const identityId = await identityIdByEmail(deps.db.kysely, email);
  if (!identityId) return;
  const state = await deps.db.kysely
    .selectFrom('identities')
    .select('state')
    .where('id', '=', identityId)
    .executeTakeFirst();
  if (state?.state !== 'active') return;
  const lifespanMs = flow.expires_at.getTime() - deps.clock.now().getTime();
  const code = await issueCode(deps, { flowId: flow.id, kind: 'recovery', identityId, address: email, lifespanMs });
  const link = uiUrl(request, deps.config.identity, `${UI_PATHS.recovery}?flow=${flow.id}`);
  await deps.courier.send(
    invitation
      ? {
          to: email,
          subject: 'You have been invited to OpsDeck',
          body: `Hi,\n\nan account was created for you on OpsDeck. To set your password, open\n\n${link}\n\nand enter this code:\n\n${code}\n`,
          template: 'invite',
        }
      : {
          to: email,
          subject: 'Recover access to your account',
          body: `Hi,\n\nplease recover access to your account by entering the following code:\n\n${code}\n\nor open ${link}\n`,
          template: 'recovery_code',
        },
  );
}

/** Account recovery with a code by email; success signs in and opens a settings flow. */
export const recoveryHandler: FlowHandler = {
  kind: 'recovery',
  initialState: 'choose_method',

  async init({ session }) {
    if (session) throw kratosErrors.sessionAlreadyAvailable();
    return { state: 'choose_method' };
  },

  async render(_deps, flow) {
    const email = internalOf<{ email?: string }>(flow).email;
    const nodes: UiNode[] = [];
    if (flow.state === 'choose_method') {
      nodes.push(
        input('code', 'email', 'email', { required: true, autocomplete: 'email', label: text.labelEmail() }),
        submit('code', text.labelSubmit()),
      );
    } else if (flow.state === 'sent_email') {
      nodes.push(
        input('code', 'code', 'text', {
          required: true,
          pattern: '[0-9]+',
          maxlength: 6,
          autocomplete: 'one-time-code',
          label: text.labelRecoveryCode(),
        }),
        input('code', 'method', 'hidden', { value: 'code' }),
        submit('code', text.labelContinue()),
        ...(email ? [input('code', 'email', 'submit', { value: email, label: text.labelResendOtp() })] : []),
      );
    }
    return nodes;
  },

  async submit({ deps, flow, body, request }): Promise<SubmitResult> {
    if (field(body, 'method') !== 'code') {
      return { type: 'form', status: 400, patch: { ui: { messages: [text.recoveryNoStrategy()] } } };
    }
    const code = field(body, 'code');
    const cfg = deps.config.identity;
    if (code && flow.state === 'sent_email') {
      const used = await useCode(deps, flow.id, code);
      if (!used?.identityId) {
        return {
          type: 'form',
          status: 400,
          patch: { active: 'code', ui: { messages: [], fields: { code: [text.recoveryCodeInvalid()] }, values: {} } },
        };
      }
      const now = deps.clock.now();
      // the owner proved the mailbox: failed sign-ins to the account stop slowing anyone
      deps.signIn.recovered(normalizeEmail(used.address));
      // the code proved the mailbox, so the address counts as verified
      await deps.db.kysely
        .updateTable('identity_addresses')
        .set({ verified: true, verified_at: now, status: 'completed' })
        .where('value', '=', used.address)
        .execute();
      const session = await createSession(deps.db.kysely, {
        identityId: used.identityId,
        aal: 'aal1',
        methods: [{ method: 'code_recovery', aal: 'aal1', completed_at: now.toISOString() }],
        now,
        lifespanMs: cfg.sessionLifespanMs,
        request,
      });
      const minutes = Math.round(cfg.privilegedSessionMaxAgeMs / 60_000);
      const settings = await createFlow(deps, {
        kind: 'settings',
        type: flow.type,
        state: 'show_form',
        requestUrl: flow.request_url,
        returnTo: flow.return_to ?? undefined,
        identityId: used.identityId,
        csrfToken: flow.type === 'browser' ? readCookie(request, CSRF_COOKIE) : undefined,
        ui: { messages: [text.recoverySuccessful(minutes)] },
      });
      await deps.db.kysely
        .updateTable('selfservice_flows')
        .set({ state: 'passed_challenge' })
        .where('id', '=', flow.id)
        .execute();
      const settingsUrl = uiUrl(request, cfg, `${UI_PATHS.settings}?flow=${settings.id}`);
      return {
        type: 'done',
        body: {
          ...(await recoveryDoneFlow(flow)),
          continue_with: [
            { action: 'set_ory_session_token', ory_session_token: session.token },
            { action: 'show_settings_ui', flow: { id: settings.id, url: settingsUrl } },
          ],
        },
        redirect: settingsUrl,
        session: { token: session.token, row: session.session },
        // single-page apps follow the redirect themselves (Kratos answers 422 here)
        jsonError: kratosErrors.locationChange(settingsUrl),
      };
    }
    const email = normalizeEmail(field(body, 'email') ?? '');
    if (!email) {
      return {
        type: 'form',
        status: 400,
        patch: { active: 'code', ui: { messages: [], fields: { email: [text.required('email')] }, values: {} } },
      };
    }
    // the same answer whether or not the address has an account, so nobody can probe for accounts
    await sendRecoveryCode(deps, request, flow, email);
    return {
      type: 'form',
      status: 200,
      patch: {
        state: 'sent_email',
        active: 'code',
        internal: { email },
        ui: { messages: [text.recoveryCodeSent()], values: { email } },
      },
    };
  },
};

async function recoveryDoneFlow(flow: FlowRow) {
  return { id: flow.id, type: flow.type, state: 'passed_challenge' };
}
