import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { browser, codeFor, csrfOf, nodeOf, oryError, signIn, startSmtp } from './helpers.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  smtp = await startSmtp();
  const base = loadConfig({ LOG_LEVEL: 'silent', SMTP_URL: smtp.url, OPSDECK_AUTH_RATE_LIMIT: '1000' });
  server = await startTestServer({ config: { identity: base.identity } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function register(email: string) {
  const b = browser(server);
  const flow = await b.ory.createBrowserRegistrationFlow();
  const done = await b.ory.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: { method: 'password', traits: { email }, password: PASSWORD, csrf_token: csrfOf(flow) },
  });
  return { b, done };
}

describe('verification by emailed code', () => {
  it('verifies the address with the code sent after registration', async () => {
    const { b, done } = await register('verify@example.com');
    expect(done.identity.verifiable_addresses?.[0]?.verified).toBe(false);
    const flowId = String((done.continue_with?.[0] as { flow?: { id: string } } | undefined)?.flow?.id);
    const code = await codeFor(smtp, 'verify@example.com');
    const flow = await b.ory.getVerificationFlow({ id: flowId });
    expect(flow.state).toBe('sent_email');
    expect(flow.ui.messages?.[0]?.id).toBe(1080003);
    const wrong = await oryError(
      b.ory.updateVerificationFlow({
        flow: flowId,
        updateVerificationFlowBody: { method: 'code', code: '000000', csrf_token: csrfOf(flow) },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(nodeOf(wrong.body, 'code').messages[0]?.id).toBe(4070006);
    const ok = await b.ory.updateVerificationFlow({
      flow: flowId,
      updateVerificationFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
    });
    expect(ok.state).toBe('passed_challenge');
    expect(ok.ui.messages?.[0]?.id).toBe(1080002);
    const session = await b.ory.toSession();
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
  });
});

describe('recovery by emailed code', () => {
  it('recovers an account, lands in settings with a session, and sets a new password', async () => {
    await register('forgetful@example.com');
    const b = browser(server);
    const flow = await b.ory.createBrowserRecoveryFlow();
    const before = smtp.messages.filter((m) => m.to === 'forgetful@example.com').length;
    const sent = await b.ory.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'Forgetful@example.com', csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    expect(sent.ui.messages?.[0]?.id).toBe(1060003);
    const code = await codeFor(smtp, 'forgetful@example.com', before);

    const bad = await oryError(
      b.ory.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', code: '123', csrf_token: csrfOf(flow) },
      }),
    );
    expect(nodeOf(bad.body, 'code').messages[0]?.id).toBe(4060006);

    // a single-page app is told where to go: 422 browser_location_change_required
    const done = await oryError(
      b.ory.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
      }),
    );
    expect(done.status).toBe(422);
    expect(done.body.error?.id).toBe('browser_location_change_required');
    const settingsUrl = new URL(String(done.body.redirect_browser_to));
    expect(settingsUrl.pathname).toBe('/profile-settings');
    const settingsId = String(settingsUrl.searchParams.get('flow'));
    const settings = await b.ory.getSettingsFlow({ id: settingsId });
    expect(settings.ui.messages?.[0]?.id).toBe(1060001);

    const changed = await b.ory.updateSettingsFlow({
      flow: settingsId,
      updateSettingsFlowBody: { method: 'password', password: 'a-brand-new-secret', csrf_token: csrfOf(settings) },
    });
    expect(changed.state).toBe('success');
    expect(changed.ui.messages?.[0]?.id).toBe(1050001);
    const again = browser(server);
    const login = await signIn(again, 'forgetful@example.com', 'a-brand-new-secret');
    expect(login.session.active).toBe(true);
    // the code is spent
    const reuse = await oryError(
      b.ory.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
      }),
    );
    expect(reuse.status).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const b = browser(server);
    const flow = await b.ory.createBrowserRecoveryFlow();
    const count = smtp.messages.length;
    const sent = await b.ory.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'nobody@example.com', csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(count);
  });
});

describe('POST /api/auth/invite_user', () => {
  it('creates the user with the role and emails a recovery code that sets a password', async () => {
    const res = await server.fetch('/api/auth/invite_user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Inga', lastName: 'Vite', email: 'Invitee@example.com', role: 'editor' }),
    });
    expect(res.status).toBe(201);
    const { payload } = await res.json();
    expect(payload.role).toBe('editor');
    const mail = await (async () => {
      await codeFor(smtp, 'invitee@example.com');
      return smtp.messages.filter((m) => m.to === 'invitee@example.com').at(-1)?.body ?? '';
    })();
    const flowId = /recovery\?flow=([0-9a-f-]{36})/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
    expect(flowId).toBeDefined();
    const code = await codeFor(smtp, 'invitee@example.com');

    const b = browser(server);
    const flow = await b.ory.getRecoveryFlow({ id: String(flowId) });
    const done = await oryError(
      b.ory.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
      }),
    );
    expect(done.status).toBe(422);
    const whoami = await (await b.fetch(`${server.url}/api/auth/whoami`)).json();
    expect(whoami.payload.roles).toEqual(['editor']);
    expect(whoami.payload.user.name).toBe('Inga Vite');

    const dup = await server.fetch('/api/auth/invite_user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'X', lastName: 'Y', email: 'invitee@example.com', role: 'viewer' }),
    });
    expect(dup.status).toBe(409);
    const notAllowed = await server.fetch('/api/auth/invite_user', {
      as: 'editor',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'X', lastName: 'Y', email: 'x@example.com', role: 'admin' }),
    });
    expect(notAllowed.status).toBe(403);
    const badRole = await server.fetch('/api/auth/invite_user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'X', lastName: 'Y', email: 'x@example.com', role: 'overlord' }),
    });
    expect(badRole.status).toBe(400);
  });
});
