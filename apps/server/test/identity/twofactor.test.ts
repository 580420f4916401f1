import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { totpCode } from '../../src/identity/flows/totp.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type Browser, browser, csrfOf, nodeOf, oryError, signIn } from './helpers.js';

const clock = new ManualClock(new Date());
let server: TestServer;
const PASSWORD = 'correct-horse-battery';
/** Every JSON body the browsers received, to prove secrets never come back. */
const seen: string[] = [];

beforeAll(async () => {
  const base = loadConfig({ LOG_LEVEL: 'silent', OPSDECK_AUTH_RATE_LIMIT: '1000' });
  server = await startTestServer({ clock, config: { identity: base.identity } });
});
afterAll(async () => {
  await server?.close();
});

function recording(b: Browser): Browser {
  const inner = b.fetch;
  b.fetch = async (input, init) => {
    const res = await inner(input, init);
    seen.push(await res.clone().text());
    return res;
  };
  return b;
}

async function registered(email: string): Promise<Browser> {
  const b = browser(server);
  const flow = await b.ory.createBrowserRegistrationFlow();
  await b.ory.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: { method: 'password', traits: { email }, password: PASSWORD, csrf_token: csrfOf(flow) },
  });
  return b;
}

describe('TOTP as a second factor', () => {
  let seed = '';

  it('enrols an authenticator app from the settings QR code and secret', async () => {
    const b = await registered('totp@example.com');
    const flow = await b.ory.createBrowserSettingsFlow();
    expect(nodeOf(flow, 'totp_qr').attributes.src).toMatch(/^data:image\/png;base64,/);
    const secretNode = nodeOf(flow, 'totp_secret_key');
    expect(secretNode.meta.label?.id).toBe(1050017);
    seed = String(secretNode.attributes.text?.text);
    expect(seed).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await oryError(
      b.ory.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: { method: 'totp', totp_code: '000000', csrf_token: csrfOf(flow) },
      }),
    );
    expect(nodeOf(wrong.body, 'totp_code').messages[0]?.id).toBe(4000008);
    const linked = await b.ory.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'totp', totp_code: totpCode(seed, clock.now()), csrf_token: csrfOf(flow) },
    });
    expect(linked.state).toBe('success');
    expect(nodeOf(linked, 'totp_unlink').meta.label?.id).toBe(1050004);
    expect(JSON.stringify(linked)).not.toContain(seed);
    // the seed is stored sealed, not in clear
    const rows = await server.db.kysely
      .selectFrom('identity_credentials')
      .select('config')
      .where('type', '=', 'totp')
      .execute();
    expect(JSON.stringify(rows)).not.toContain(seed);
  });

  it('asks a password-only session for the second factor, then accepts the TOTP code', async () => {
    const b = recording(browser(server));
    await signIn(b, 'totp@example.com', PASSWORD);
    const whoami = await oryError(b.ory.toSession());
    expect(whoami.status).toBe(403);
    expect(whoami.body.error?.id).toBe('session_aal2_required');
    expect(String(whoami.body.redirect_browser_to)).toContain('/self-service/login/browser?aal=aal2');
    expect((await b.fetch(`${server.url}/api/auth/whoami`)).status).toBe(401);
    const settings = await oryError(b.ory.createBrowserSettingsFlow());
    expect(settings.body.error?.id).toBe('session_aal2_required');

    const mfa = await b.ory.createBrowserLoginFlow({ aal: 'aal2' });
    expect(mfa.requested_aal).toBe('aal2');
    expect(nodeOf(mfa, 'totp_code').meta.label?.id).toBe(1010006);
    clock.advance(60_000); // a fresh time step: a used code cannot be replayed
    const done = await b.ory.updateLoginFlow({
      flow: mfa.id,
      updateLoginFlowBody: { method: 'totp', totp_code: totpCode(seed, clock.now()), csrf_token: csrfOf(mfa) },
    });
    expect(done.session.authenticator_assurance_level).toBe('aal2');
    expect((await b.ory.toSession()).authentication_methods?.map((m) => m.method)).toEqual(['password', 'totp']);
    expect((await b.fetch(`${server.url}/api/auth/whoami`)).status).toBe(200);
    expect(seen.join('\n')).not.toContain(seed);
  });

  it('refuses aal2 without a session (session_aal1_required)', async () => {
    const err = await oryError(browser(server).ory.createBrowserLoginFlow({ aal: 'aal2' }));
    expect(err.status).toBe(401);
    expect(err.body.error?.id).toBe('session_aal1_required');
  });
});

describe('backup codes (lookup secrets)', () => {
  it('shows the codes once, and each code signs in once', async () => {
    const b = recording(await registered('codes@example.com'));
    const flow = await b.ory.createBrowserSettingsFlow();
    const revealed = await b.ory.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_regenerate: true, csrf_token: csrfOf(flow) },
    });
    const list = nodeOf(revealed, 'lookup_secret_codes');
    expect(list.meta.label?.id).toBe(1050010);
    const codes = String(list.attributes.text?.text).split(', ');
    expect(codes).toHaveLength(12);
    const confirmed = await b.ory.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: { method: 'lookup_secret', lookup_secret_confirm: true, csrf_token: csrfOf(flow) },
    });
    expect(confirmed.state).toBe('success');
    const after = JSON.stringify(await b.ory.getSettingsFlow({ id: flow.id }));
    for (const c of codes) expect(after).not.toContain(c);

    const other = browser(server);
    await signIn(other, 'codes@example.com', PASSWORD);
    const mfa = await other.ory.createBrowserLoginFlow({ aal: 'aal2' });
    expect(nodeOf(mfa, 'lookup_secret').meta.label?.id).toBe(1010007);
    const ok = await other.ory.updateLoginFlow({
      flow: mfa.id,
      updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: String(codes[0]), csrf_token: csrfOf(mfa) },
    });
    expect(ok.session.authenticator_assurance_level).toBe('aal2');

    const third = browser(server);
    await signIn(third, 'codes@example.com', PASSWORD);
    const again = await third.ory.createBrowserLoginFlow({ aal: 'aal2' });
    const used = await oryError(
      third.ory.updateLoginFlow({
        flow: again.id,
        updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: String(codes[0]), csrf_token: csrfOf(again) },
      }),
    );
    expect(nodeOf(used.body, 'lookup_secret').messages[0]?.id).toBe(4000012);
    const wrong = await oryError(
      third.ory.updateLoginFlow({
        flow: again.id,
        updateLoginFlowBody: { method: 'lookup_secret', lookup_secret: 'zzzzzzzzzz', csrf_token: csrfOf(again) },
      }),
    );
    expect(nodeOf(wrong.body, 'lookup_secret').messages[0]?.id).toBe(4000016);
  });
});

describe('privileged settings', () => {
  it('asks for a fresh sign-in (session_refresh_required) before changing the password of an old session', async () => {
    const b = await registered('old-session@example.com');
    const flow = await b.ory.createBrowserSettingsFlow();
    clock.advance(16 * 60_000);
    const err = await oryError(
      b.ory.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: { method: 'password', password: 'another-good-one', csrf_token: csrfOf(flow) },
      }),
    );
    expect(err.status).toBe(403);
    expect(err.body.error?.id).toBe('session_refresh_required');
    expect(String(err.body.redirect_browser_to)).toContain('refresh=true');
    // profile traits need no refresh
    const profile = await b.ory.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'profile',
        traits: { email: 'old-session@example.com', name: { first: 'Old', last: 'Timer' } },
        csrf_token: csrfOf(flow),
      },
    });
    expect(profile.identity.traits.name).toEqual({ first: 'Old', last: 'Timer' });
  });

  it("refuses another identity's settings flow (security_identity_mismatch)", async () => {
    const a = await registered('owner@example.com');
    const flow = await a.ory.createBrowserSettingsFlow();
    const intruder = await registered('intruder@example.com');
    // the intruder's browser has its own CSRF cookie; give it the owner's to isolate the identity check
    intruder.cookies.set('csrf_token', String(a.cookies.get('csrf_token')));
    const err = await oryError(intruder.ory.getSettingsFlow({ id: flow.id }));
    expect(err.status).toBe(403);
    expect(err.body.error?.id).toBe('security_identity_mismatch');
  });
});
