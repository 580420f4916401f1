import type { FastifyRequest } from 'fastify';
import type { IdentityDeps } from '../deps.js';
import { field, uiUrl } from '../http.js';
import { normalizeEmail } from '../people/identities.js';
import { issueCode, useCode } from './codes.js';
import type { FlowHandler, SubmitResult } from './flowRoutes.js';
import { createFlow, type FlowRow, internalOf, UI_PATHS } from './flows.js';
import { text } from './text.js';
import { input, submit, type UiNode } from './ui.js';

const CODE_LIFESPAN = 60 * 60_000;

/** Sends a verification code to `email` when it is an identity's address; silent otherwise. */
async function sendVerificationCode(deps: IdentityDeps, request: FastifyRequest, flow: FlowRow, email: string) {
  const address = await deps.db.kysely
    .selectFrom('identity_addresses')
    .select(['identity_id', 'verified'])
    .where('via', '=', 'email')
    .where('value', '=', email)
    .executeTakeFirst();
  if (!address) return;
  const code = await issueCode(deps, {
    flowId: flow.id,
    kind: 'verification',
    identityId: address.identity_id,
    address: email,
    lifespanMs: CODE_LIFESPAN,
  });
  const link = uiUrl(request, deps.config.identity, `${UI_PATHS.verification}?flow=${flow.id}`);
  await deps.courier.send({
    to: email,
    subject: 'Please verify your email address',
    body: `Hi,\n\nplease verify your account by entering the following code:\n\n${code}\n\nor open ${link}\n`,
    template: 'verification_code',
  });
  await deps.db.kysely
    .updateTable('identity_addresses')
    .set({ status: 'sent' })
    .where('value', '=', email)
    .where('verified', '=', false)
    .execute();
}

/** Starts a verification flow that already sent a code to `email` (after registration). */
export async function startVerification(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: {
    identityId: string;
    email: string;
    type: 'browser' | 'api';
    csrfToken: string | undefined;
    returnTo: string | undefined;
  },
): Promise<FlowRow> {
  const flow = await createFlow(deps, {
    kind: 'verification',
    type: input.type,
    state: 'sent_email',
    requestUrl: `${request.protocol}://${request.host}${request.url}`,
    returnTo: input.returnTo,
    csrfToken: input.csrfToken,
    internal: { email: input.email },
    ui: { messages: [text.verificationCodeSent()] },
  });
  await sendVerificationCode(deps, request, flow, input.email);
  return flow;
}

/** Email verification with a one-time code. */
export const verificationHandler: FlowHandler = {
  kind: 'verification',
  initialState: 'choose_method',

  async init() {
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
          label: text.labelVerificationCode(),
        }),
        input('code', 'method', 'hidden', { value: 'code' }),
        submit('code', text.labelContinue()),
        input('code', 'email', 'submit', { value: email, label: text.labelResendOtp() }),
      );
    }
    return nodes;
  },

  async submit({ deps, flow, body, request }): Promise<SubmitResult> {
    if (field(body, 'method') !== 'code') {
      return { type: 'form', status: 400, patch: { ui: { messages: [text.verificationNoStrategy()] } } };
    }
    const code = field(body, 'code');
    if (code && flow.state === 'sent_email') {
      const used = await useCode(deps, flow.id, code);
      if (!used) {
        return {
          type: 'form',
          status: 400,
          patch: {
            active: 'code',
            ui: { messages: [], fields: { code: [text.verificationCodeInvalid()] }, values: {} },
          },
        };
      }
      await deps.db.kysely
        .updateTable('identity_addresses')
        .set({ verified: true, verified_at: deps.clock.now(), status: 'completed' })
        .where('value', '=', used.address)
        .execute();
      return {
        type: 'form',
        status: 200,
        patch: { state: 'passed_challenge', active: 'code', ui: { messages: [text.verificationSuccessful()] } },
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
    await sendVerificationCode(deps, request, flow, email);
    return {
      type: 'form',
      status: 200,
      patch: {
        state: 'sent_email',
        active: 'code',
        internal: { email },
        ui: { messages: [text.verificationCodeSent()], values: { email } },
      },
    };
  },
};
