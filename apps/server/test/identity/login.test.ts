import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { identityDeps } from '../../src/identity/deps.js';
import { pruneExpired } from '../../src/identity/prune.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { browser, csrfOf, inputNames, nodeOf, oryError, signIn } from './helpers.js';

const clock = new ManualClock(new Date());
let server: TestServer;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  const base = loadConfig({ LOG_LEVEL: 'silent', OPSDECK_AUTH_RATE_LIMIT: '1000' });
  server = await startTestServer({ clock, config: { identity: base.identity } });
});
afterAll(async () => {
  await server?.close();
});

async function register(email: string, password = PASSWORD) {
  const b = browser(server);
  const flow = await b.ory.createBrowserRegistrationFlow();
  const done = await b.ory.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: 'password',
      traits: { email, name: { first: 'Ada', last: 'Lovelace' } },
      password,
      csrf_token: csrfOf(flow),
    },
  });
  return { b, done };
}

describe('registration and password login through @ory/client-fetch', () => {
  it('registers, signs in with the session cookie, and answers whoami', async () => {
    const { b, done } = await register('ada@example.com');
    expect(done.identity.traits).toEqual({ email: 'ada@example.com', name: { first: 'Ada', last: 'Lovelace' } });
    expect(done.continue_with?.[0]?.action).toBe('show_verification_ui');
    const session = await b.ory.toSession();
    expect(session.identity?.traits.email).toBe('ada@example.com');
    expect(session.authenticator_assurance_level).toBe('aal1');
    expect(session.authentication_methods?.[0]?.method).toBe('password');

    const other = browser(server);
    const login = await signIn(other, 'ADA@example.com', PASSWORD);
    expect(login.session.identity?.id).toBe(done.identity.id);
    const whoami = await other.fetch(`${server.url}/api/auth/whoami`);
    expect(whoami.status).toBe(200);
    const me = await whoami.json();
    expect(me.payload.user.email).toBe('ada@example.com');
    expect(me.payload.user.name).toBe('Ada Lovelace');
    expect(me.payload.roles).toEqual([]);
  });

  it('renders the login form with Kratos nodes and message ids', async () => {
    const b = browser(server);
    const flow = await b.ory.createBrowserLoginFlow({ returnTo: '/health' });
    expect(flow.type).toBe('browser');
    expect(flow.state).toBe('choose_method');
    expect(flow.return_to).toBe(`${server.url}/health`);
    expect(flow.ui.action).toBe(`${server.url}/api/.ory/self-service/login?flow=${flow.id}`);
    expect(inputNames(flow)).toEqual([
      'csrf_token',
      'identifier',
      'password',
      'method',
      'passkey_challenge',
      'passkey_login_trigger',
      'passkey_login',
    ]);
    const submit = flow.ui.nodes.find((n) => (n.attributes as { name?: string }).name === 'method');
    expect(submit?.meta.label).toEqual({ id: 1010001, text: 'Sign in', type: 'info' });
    const again = await b.ory.getLoginFlow({ id: flow.id });
    expect(again.id).toBe(flow.id);
  });

  it('refuses a wrong password with message 4000006 and keeps the identifier', async () => {
    await register('grace@example.com');
    const b = browser(server);
    const flow = await b.ory.createBrowserLoginFlow();
    const { status, body } = await oryError(
      b.ory.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'grace@example.com',
          password: 'wrong-password-1',
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(status).toBe(400);
    expect(body.ui?.messages?.[0]?.id).toBe(4000006);
    expect(nodeOf(body, 'identifier').attributes.value).toBe('grace@example.com');
    expect(nodeOf(body, 'password').attributes.value).toBeUndefined();
  });

  it('applies the password rule and refuses a taken email', async () => {
    const b = browser(server);
    const flow = await b.ory.createBrowserRegistrationFlow();
    const short = await oryError(
      b.ory.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'password',
          traits: { email: 'short@example.com' },
          password: 'abc',
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(short.status).toBe(400);
    expect(nodeOf(short.body, 'password').messages[0]?.id).toBe(4000032);
    const similar = await oryError(
      b.ory.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'password',
          traits: { email: 'margaret.hamilton@example.com' },
          password: 'margaret.hamilton',
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(nodeOf(similar.body, 'password').messages[0]?.id).toBe(4000031);
    const dup = await oryError(
      b.ory.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: 'password',
          traits: { email: 'Ada@Example.com' },
          password: PASSWORD,
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(dup.status).toBe(400);
    expect(dup.body.ui?.messages?.[0]?.id).toBe(4000007);
  });

  it('answers session_already_available for a signed-in browser, and allows refresh=true', async () => {
    const { b } = await register('linus@example.com');
    const err = await oryError(b.ory.createBrowserLoginFlow());
    expect(err.status).toBe(400);
    expect(err.body.error?.id).toBe('session_already_available');
    const refresh = await b.ory.createBrowserLoginFlow({ refresh: true });
    expect(refresh.refresh).toBe(true);
    expect(nodeOf(refresh, 'identifier').attributes).toMatchObject({ type: 'hidden', value: 'linus@example.com' });
  });

  it('logs out through logout_url and the cookie stops working', async () => {
    const { b } = await register('ken@example.com');
    const logout = await b.ory.createBrowserLogoutFlow();
    expect(logout.logout_url).toContain('/api/.ory/self-service/logout?token=');
    await b.ory.updateLogoutFlow({ token: logout.logout_token });
    const err = await oryError(b.ory.toSession());
    expect(err.status).toBe(401);
    expect(err.body.error?.id).toBe('session_inactive');
    expect((await b.fetch(`${server.url}/api/auth/whoami`)).status).toBe(401);
  });

  it('expires a flow after its lifespan with 410 and use_flow_id', async () => {
    const b = browser(server);
    const flow = await b.ory.createBrowserLoginFlow();
    clock.advance(61 * 60_000);
    const err = await oryError(
      b.ory.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'ada@example.com',
          password: PASSWORD,
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(err.status).toBe(410);
    expect(err.body.error?.id).toBe('self_service_flow_expired');
    expect(err.body.use_flow_id).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await b.ory.getLoginFlow({ id: String(err.body.use_flow_id) });
    const login = await b.ory.updateLoginFlow({
      flow: fresh.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: 'ada@example.com',
        password: PASSWORD,
        csrf_token: csrfOf(fresh),
      },
    });
    expect(login.session.active).toBe(true);
  });

  it('signs in an API client with a session token and logs it out', async () => {
    const b = browser(server);
    const flow = await b.ory.createNativeLoginFlow();
    expect(inputNames(flow)).not.toContain('csrf_token');
    const login = await b.ory.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: 'password', identifier: 'ada@example.com', password: PASSWORD },
    });
    expect(login.session_token).toMatch(/^ory_st_/);
    expect(b.cookies.has('ory_kratos_session')).toBe(false);
    const me = await b.ory.toSession({ xSessionToken: login.session_token });
    expect(me.identity?.traits.email).toBe('ada@example.com');
    await b.ory.performNativeLogout({ performNativeLogoutBody: { session_token: login.session_token as string } });
    expect((await oryError(b.ory.toSession({ xSessionToken: login.session_token }))).status).toBe(401);
  });

  it('lists and revokes the other sessions of the identity', async () => {
    const first = browser(server);
    const second = browser(server);
    await signIn(first, 'grace@example.com', PASSWORD);
    await signIn(second, 'grace@example.com', PASSWORD);
    const others = await first.ory.listMySessions();
    expect(others.length).toBeGreaterThanOrEqual(1);
    await first.ory.disableMyOtherSessions();
    expect((await oryError(second.ory.toSession())).status).toBe(401);
    expect((await first.ory.toSession()).active).toBe(true);
  });

  it('prunes flows a day past expiry and sessions a week past it', async () => {
    const b = browser(server);
    const flow = await b.ory.createBrowserLoginFlow();
    const { id: sessionId } = (await signIn(browser(server), 'ada@example.com', PASSWORD)).session;
    clock.advance(9 * 24 * 3_600_000);
    await pruneExpired(identityDeps(server.ctx), true);
    const flows = await server.db.kysely
      .selectFrom('selfservice_flows')
      .select('id')
      .where('id', '=', flow.id)
      .execute();
    expect(flows).toEqual([]);
    const sessions = await server.db.kysely.selectFrom('sessions').select('id').where('id', '=', sessionId).execute();
    expect(sessions).toEqual([]);
  });
});
