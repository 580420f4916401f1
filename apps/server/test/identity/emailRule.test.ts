import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { addUser, bootstrapAdmin } from '../../src/identity/people/bootstrap.js';
import { createTestDb, startTestServer, type TestServer } from '../helpers/index.js';
import { browser, csrfOf, signIn } from './helpers.js';

// One email rule everywhere: a host without a dot (admin@localhost, the documented default) is valid.
let server: TestServer;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown) =>
  server.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('email addresses on a host without a dot', () => {
  it('accepts OPSDECK_ADMIN_EMAIL=admin@localhost set explicitly, and that admin signs in', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      OPSDECK_ADMIN_EMAIL: 'admin@localhost',
      OPSDECK_ADMIN_PASSWORD: 'given-admin-secret',
    });
    expect(config.identity.adminEmail).toBe('admin@localhost');
    expect(() => loadConfig({ LOG_LEVEL: 'silent', OPSDECK_ADMIN_EMAIL: 'admin' })).toThrow(/OPSDECK_ADMIN_EMAIL/);

    const db = await createTestDb();
    const s = await startTestServer({ db });
    try {
      expect((await bootstrapAdmin({ db, config, clock: systemClock }, () => {})).email).toBe('admin@localhost');
      const login = await signIn(browser(s), 'admin@localhost', 'given-admin-secret');
      expect(login.session.active).toBe(true);
    } finally {
      await s.close();
      await db.close();
    }
  });

  it('registers a person at ops@intranet through the sign-up flow', async () => {
    const b = browser(server);
    const flow = await b.ory.createBrowserRegistrationFlow();
    const done = await b.ory.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: {
        method: 'password',
        traits: { email: 'ops@intranet' },
        password: PASSWORD,
        csrf_token: csrfOf(flow),
      },
    });
    expect(done.identity.traits.email).toBe('ops@intranet');
  });

  it('invites and renames people at dotless hosts through the API, and answers 400 for a bad address', async () => {
    const invited = await post('/api/auth/invite_user', { email: 'oncall@localhost', role: 'viewer' });
    expect(invited.status).toBe(201);

    const id = await addUser(
      { db: server.db, clock: systemClock },
      { email: 'sam@example.com', password: PASSWORD, roles: ['viewer'] },
    );
    const updated = await post('/api/people/update', { id, email: 'sam@localhost' });
    expect(updated.status).toBe(200);
    expect((await updated.json()).email).toBe('sam@localhost');

    for (const bad of ['sam at localhost', 'a b@localhost', 'sam@', 'a,b@localhost']) {
      expect((await post('/api/people/update', { id, email: bad })).status).toBe(400);
      expect((await post('/api/auth/invite_user', { email: bad, role: 'viewer' })).status).toBe(400);
    }
  });
});
