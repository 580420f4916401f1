import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { FailureLog } from '../../src/identity/sessions/throttle.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { type Browser, browser, csrfOf, oryError, signIn } from './helpers.js';

const clock = new ManualClock(new Date());
let server: TestServer;
const PASSWORD = 'the-admins-password-1';

beforeAll(async () => {
  // X-Forwarded-For from loopback is believed, so one test machine plays several client addresses
  const base = loadConfig({ LOG_LEVEL: 'silent', OPSDECK_AUTH_RATE_LIMIT: '1000', OPSDECK_TRUST_PROXY: 'loopback' });
  server = await startTestServer({ clock, config: { identity: base.identity, http: base.http } });
  const people = [
    'admin@corp.example',
    'own@corp.example',
    'nat@corp.example',
    'boss@corp.example',
    'shared@corp.example',
  ];
  for (const email of people) {
    await addUser({ db: server.db, clock }, { email, password: PASSWORD, roles: ['admin'] });
  }
});
afterAll(async () => {
  await server?.close();
});

/** One password submit through a fresh login flow of `b`; resolves to the HTTP status and Retry-After. */
async function attempt(b: Browser, email: string, password: string, from?: string) {
  b.cookies.delete('ory_kratos_session'); // a signed-in browser cannot start a login flow
  const flow = await b.ory.createBrowserLoginFlow();
  const res = await b.fetch(`${server.url}/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: JSON.stringify({ method: 'password', identifier: email, password, csrf_token: csrfOf(flow) }),
  });
  const body = (await res.json()) as { error?: { reason?: string } };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), reason: body.error?.reason };
}

describe('a lockout attack on an account', () => {
  it('slows the attacker, but never refuses the right password from a device that signed in before', async () => {
    const known = browser(server);
    await signIn(known, 'admin@corp.example', PASSWORD); // an earlier sign-in: this browser is known now
    expect(known.cookies.has('opsdeck_device')).toBe(true);

    const attacker = browser(server);
    for (let i = 0; i < 5; i++) expect((await attempt(attacker, 'admin@corp.example', `guess-${i}`)).status).toBe(400);
    const slowed = await attempt(attacker, 'admin@corp.example', 'guess-5');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.retryAfter)).toBeGreaterThan(0);
    expect(slowed.reason).toContain('try again in');

    expect((await attempt(known, 'admin@corp.example', PASSWORD)).status).toBe(200);
    // the attacker keeps going: the known device still gets in
    for (let i = 0; i < 10; i++) await attempt(attacker, 'admin@corp.example', `more-${i}`);
    expect((await attempt(known, 'admin@corp.example', PASSWORD)).status).toBe(200);
  });

  it('never stops the owner signing in from a new browser elsewhere, however often a stranger fails', async () => {
    const stranger = browser(server);
    for (let i = 0; i < 12; i++) await attempt(stranger, 'boss@corp.example', `guess-${i}`, '203.0.113.7');
    expect((await attempt(stranger, 'boss@corp.example', 'guess-x', '203.0.113.7')).status).toBe(429);
    // a browser that never signed in, at another address: the right password works at once
    const fresh = browser(server);
    expect((await attempt(fresh, 'boss@corp.example', PASSWORD, '198.51.100.20')).status).toBe(200);
    // and a wrong one there is an ordinary failure, not the stranger's wait
    const other = browser(server);
    expect((await attempt(other, 'boss@corp.example', 'typo', '198.51.100.21')).status).toBe(400);
  });

  it('refuses the right password from the attacker’s own address only until the announced wait is over', async () => {
    const attacker = browser(server);
    const victim = browser(server); // never signed in here
    for (let i = 0; i < 5; i++) await attempt(attacker, 'own@corp.example', `guess-${i}`);
    const refused = await attempt(victim, 'own@corp.example', PASSWORD);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.retryAfter);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    // attempts while waiting are not checked and do not lengthen the wait
    expect((await attempt(attacker, 'own@corp.example', 'guess-x')).status).toBe(429);
    clock.advance(seconds * 1000);
    expect((await attempt(victim, 'own@corp.example', PASSWORD)).status).toBe(200);
  });

  it('lets the owner in from an address they share with the attacker once they complete a recovery', async () => {
    const shared = '192.0.2.50';
    const attacker = browser(server);
    for (let i = 0; i < 6; i++) await attempt(attacker, 'shared@corp.example', `guess-${i}`, shared);
    const owner = browser(server);
    expect((await attempt(owner, 'shared@corp.example', PASSWORD, shared)).status).toBe(429);

    const r = browser(server);
    const flow = await r.ory.createBrowserRecoveryFlow();
    await r.ory.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'shared@corp.example', csrf_token: csrfOf(flow) },
    });
    const kept = await server.db.kysely
      .selectFrom('courier_messages')
      .select('body')
      .where('recipient', '=', 'shared@corp.example')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(kept.body)?.[1] ?? '';
    const done = await oryError(
      r.ory.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
      }),
    );
    expect(done.status).toBe(422); // recovered: the browser is sent on to settings
    expect((await attempt(owner, 'shared@corp.example', PASSWORD, shared)).status).toBe(200);
  });

  it('counts a known device’s own wrong passwords against that device, and ignores a forged device cookie', async () => {
    const own = browser(server);
    await signIn(own, 'nat@corp.example', PASSWORD);
    for (let i = 0; i < 5; i++) expect((await attempt(own, 'nat@corp.example', `typo-${i}`)).status).toBe(400);
    const slowed = await attempt(own, 'nat@corp.example', PASSWORD);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.retryAfter)).toBeGreaterThan(0);
    clock.advance(Number(slowed.retryAfter) * 1000);
    expect((await attempt(own, 'nat@corp.example', PASSWORD)).status).toBe(200);

    const forger = browser(server);
    for (let i = 0; i < 5; i++) await attempt(forger, 'nat@corp.example', `guess-${i}`);
    forger.cookies.set('opsdeck_device', 'v1:AAAA:BBBB:CCCC');
    expect((await attempt(forger, 'nat@corp.example', PASSWORD)).status).toBe(429);
  });

  // after the tests above: their 15 failures from this address count towards its 20
  it('slows an address that sprays many accounts', async () => {
    const sprayer = browser(server);
    for (let i = 0; i < 20; i++) await attempt(sprayer, `nobody-${i}@corp.example`, 'spray-password');
    const slowed = await attempt(sprayer, 'someone-else@corp.example', 'spray-password');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.retryAfter)).toBeGreaterThan(0);
  });
});

describe('the failure log behind the throttles', () => {
  it('keeps at most its key budget, dropping the least recently failed, and forgets old failures', () => {
    const log = new FailureLog(60_000, 3);
    for (const key of ['a', 'b', 'c']) log.add(key, 0);
    log.add('a', 1); // a is now the most recent
    log.add('d', 2);
    expect(log.size).toBe(3);
    expect(log.recent('b', 3)).toEqual([]); // evicted
    expect(log.recent('a', 3)).toEqual([0, 1]);
    expect(log.recent('a', 60_000)).toEqual([1]);
    expect(log.recent('a', 70_000)).toEqual([]);
    expect(log.size).toBe(2);
  });
});
