import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type Browser, browser, csrfOf, nodeOf, oryError, signIn } from './helpers.js';
import { SoftAuthenticator } from './softAuthenticator.js';

let server: TestServer;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  const base = loadConfig({ LOG_LEVEL: 'silent', OPSDECK_AUTH_RATE_LIMIT: '1000' });
  server = await startTestServer({ config: { identity: base.identity } });
});
afterAll(async () => {
  await server?.close();
});

async function registered(email: string): Promise<Browser> {
  const b = browser(server);
  const flow = await b.ory.createBrowserRegistrationFlow();
  await b.ory.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: { method: 'password', traits: { email }, password: PASSWORD, csrf_token: csrfOf(flow) },
  });
  return b;
}

describe('WebAuthn security key as the second factor', () => {
  const key = () => new SoftAuthenticator(server.url);
  let authenticator: SoftAuthenticator;

  it('registers a key in settings and signs in with it as AAL2', async () => {
    authenticator = key();
    const b = await registered('key@example.com');
    const settings = await b.ory.createBrowserSettingsFlow();
    const trigger = nodeOf(settings, 'webauthn_register_trigger');
    expect(trigger.meta.label?.id).toBe(1050012);
    const attestation = authenticator.create(String(trigger.attributes.value), { userVerified: false });
    const saved = await b.ory.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: {
        method: 'webauthn',
        webauthn_register: attestation,
        webauthn_register_displayname: 'YubiKey',
        csrf_token: csrfOf(settings),
      },
    });
    expect(saved.state).toBe('success');
    expect(nodeOf(saved, 'webauthn_remove').meta.label).toMatchObject({
      id: 1050018,
      text: 'Remove security key "YubiKey"',
    });

    const other = browser(server);
    await signIn(other, 'key@example.com', PASSWORD);
    expect((await oryError(other.ory.toSession())).body.error?.id).toBe('session_aal2_required');
    const mfa = await other.ory.createBrowserLoginFlow({ aal: 'aal2' });
    const options = String(nodeOf(mfa, 'webauthn_login_trigger').attributes.value);
    const assertion = authenticator.get(options, { userVerified: false });
    const done = await other.ory.updateLoginFlow({
      flow: mfa.id,
      updateLoginFlowBody: {
        method: 'webauthn',
        identifier: 'key@example.com',
        webauthn_login: assertion,
        csrf_token: csrfOf(mfa),
      },
    });
    expect(done.session.authenticator_assurance_level).toBe('aal2');
    expect(done.session.authentication_methods?.map((m) => m.method)).toEqual(['password', 'webauthn']);

    // the same assertion again: its challenge is spent
    const third = browser(server);
    await signIn(third, 'key@example.com', PASSWORD);
    const again = await third.ory.createBrowserLoginFlow({ aal: 'aal2' });
    const replay = await oryError(
      third.ory.updateLoginFlow({
        flow: again.id,
        updateLoginFlowBody: {
          method: 'webauthn',
          identifier: 'key@example.com',
          webauthn_login: assertion,
          csrf_token: csrfOf(again),
        },
      }),
    );
    expect(replay.status).toBe(400);
    expect(replay.body.ui?.messages?.[0]?.id).toBe(4000015);
    // an assertion made for another site is refused
    const phished = authenticator.get(String(nodeOf(again, 'webauthn_login_trigger').attributes.value), {
      userVerified: false,
      origin: 'https://evil.example.net',
    });
    const refused = await oryError(
      third.ory.updateLoginFlow({
        flow: again.id,
        updateLoginFlowBody: {
          method: 'webauthn',
          identifier: 'key@example.com',
          webauthn_login: phished,
          csrf_token: csrfOf(again),
        },
      }),
    );
    expect(refused.status).toBe(400);
  });
});

describe('passkeys (passwordless)', () => {
  it('adds a passkey in settings and signs in with it alone', async () => {
    const authenticator = new SoftAuthenticator(server.url);
    const b = await registered('passkey@example.com');
    const settings = await b.ory.createBrowserSettingsFlow();
    const create = String(nodeOf(settings, 'passkey_create_data').attributes.value);
    expect(JSON.parse(create).publicKey.authenticatorSelection.residentKey).toBe('required');
    const unverified = await oryError(
      b.ory.updateSettingsFlow({
        flow: settings.id,
        updateSettingsFlowBody: {
          method: 'passkey',
          passkey_settings_register: authenticator.create(create, { userVerified: false }),
          csrf_token: csrfOf(settings),
        },
      }),
    );
    expect(unverified.status).toBe(400);
    authenticator.held.length = 0;
    const fresh = await b.ory.getSettingsFlow({ id: settings.id });
    const createAgain = String(nodeOf(fresh, 'passkey_create_data').attributes.value);
    const saved = await b.ory.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: {
        method: 'passkey',
        passkey_settings_register: authenticator.create(createAgain, { userVerified: true }),
        csrf_token: csrfOf(fresh),
      },
    });
    expect(nodeOf(saved, 'passkey_remove').meta.label?.id).toBe(1050020);

    const device = browser(server);
    const login = await device.ory.createBrowserLoginFlow();
    const challenge = String(nodeOf(login, 'passkey_challenge').attributes.value);
    const done = await device.ory.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: {
        method: 'passkey',
        passkey_login: authenticator.get(challenge, { userVerified: true }),
        csrf_token: csrfOf(login),
      },
    });
    expect(done.session.identity?.traits.email).toBe('passkey@example.com');
    expect(done.session.authentication_methods?.[0]?.method).toBe('passkey');
    expect((await device.fetch(`${server.url}/api/auth/whoami`)).status).toBe(200);
    // nothing about the key's private half or the raw attestation is ever returned
    expect(JSON.stringify(await device.ory.toSession())).not.toContain('public_key');
  });

  it('signs up with a passkey instead of a password', async () => {
    const authenticator = new SoftAuthenticator(server.url);
    const b = browser(server);
    const flow = await b.ory.createBrowserRegistrationFlow();
    expect(nodeOf(flow, 'passkey_register_trigger').meta.label?.id).toBe(1040007);
    const attestation = authenticator.create(String(nodeOf(flow, 'passkey_create_data').attributes.value), {
      userVerified: true,
    });
    const done = await b.ory.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: {
        method: 'passkey',
        traits: { email: 'nopassword@example.com', name: { first: 'No', last: 'Password' } },
        passkey_register: attestation,
        csrf_token: csrfOf(flow),
      },
    });
    expect(done.session?.authentication_methods?.[0]?.method).toBe('passkey');
    const credentials = await server.db.kysely
      .selectFrom('identity_credentials')
      .select('type')
      .where('identity_id', '=', done.identity.id)
      .execute();
    expect(credentials.map((c) => c.type)).toEqual(['webauthn']);

    const device = browser(server);
    const login = await device.ory.createBrowserLoginFlow();
    const assertion = authenticator.get(String(nodeOf(login, 'passkey_challenge').attributes.value), {
      userVerified: true,
    });
    const signedIn = await device.ory.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: { method: 'passkey', passkey_login: assertion, csrf_token: csrfOf(login) },
    });
    expect(signedIn.session.identity?.id).toBe(done.identity.id);
  });
});
