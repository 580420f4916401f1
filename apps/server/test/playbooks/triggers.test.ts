import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { EventConsumer } from '../../src/events/consumer.js';
import { playbookEventHandler } from '../../src/playbooks/events.js';
import { fireSchedules } from '../../src/playbooks/schedules.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { httpPeer, seedPlaybook, status, worker } from './helpers.js';

let server: TestServer;
const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));

beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(async () => {
  await server?.close();
});

const runsOf = async (playbookId: string) =>
  server.db.kysely
    .selectFrom('playbook_runs')
    .select(['id', 'parameters', 'request'])
    .where('playbook_id', '=', playbookId)
    .execute();

describe('triggers', () => {
  it('a webhook with basic authentication starts a run with the request in its templates', async () => {
    const id = await seedPlaybook(
      server,
      {
        on: {
          webhook: {
            path: 'deploy/done',
            authentication: { basic: { username: { value: 'ci' }, password: { value: 's3cret' } } },
          },
        },
        actions: [{ name: 'echo', exec: { script: "echo '{{.request.content.version}}'" } }],
      },
      'hooked',
    );
    const post = (auth?: string) =>
      server.fetch('/api/playbook/webhook/deploy/done', {
        method: 'POST',
        as: null,
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
        body: JSON.stringify({ version: '1.4.2' }),
      });
    expect((await post()).status).toBe(401);
    expect((await post(`Basic ${Buffer.from('ci:wrong').toString('base64')}`)).status).toBe(401);
    const ok = await post(`Basic ${Buffer.from('ci:s3cret').toString('base64')}`);
    expect(ok.status).toBe(201);
    const { run_id } = (await ok.json()) as { run_id: string };
    await worker(server).drain();
    const s = await status(server, run_id);
    expect(s.actions[0]?.result.stdout).toBe('1.4.2\n');
    const [stored] = await runsOf(id);
    expect(JSON.stringify(stored?.request)).not.toContain('authorization');
    const unknown = await server.fetch('/api/playbook/webhook/nothing-here', { method: 'POST', as: null });
    expect(unknown.status).toBe(404);
    // the webhook's password never reads back, wherever the spec is read
    for (const path of [
      `/api/db/playbooks?id=eq.${id}&select=spec`,
      `/api/db/playbook_runs?id=eq.${run_id}&select=spec`,
      '/api/playbook/list',
      `/api/playbook/run/${run_id}/status`,
    ]) {
      const text = await (await server.fetch(path)).text();
      expect(text, path).toContain('********');
      expect(text, path).not.toContain('s3cret');
    }
  });

  it('a webhook with JWT authentication checks the token against the JWKS', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
    const jwks = await httpPeer(() => ({ status: 200, body: JSON.stringify({ keys: [jwk] }) }));
    try {
      await seedPlaybook(
        server,
        {
          on: { webhook: { path: 'signed', authentication: { jwt: { jwksURI: `${jwks.url}/jwks.json` } } } },
          actions: [{ name: 'a', exec: { script: 'true' } }],
        },
        'signed',
      );
      const token = await new SignJWT({ sub: 'ci' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const other = await generateKeyPair('RS256');
      const forged = await new SignJWT({ sub: 'ci' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setExpirationTime('5m')
        .sign(other.privateKey);
      const call = (t?: string) =>
        server.fetch('/api/playbook/webhook/signed', {
          method: 'POST',
          as: null,
          headers: t ? { authorization: `Bearer ${t}` } : {},
        });
      expect((await call()).status).toBe(401);
      expect((await call(forged)).status).toBe(401);
      expect((await call(token)).status).toBe(201);
    } finally {
      await jwks.close();
    }
  });

  it('a schedule starts runs with its parameters, once per due time', async () => {
    const id = await seedPlaybook(
      server,
      {
        parameters: [{ name: 'mode', type: 'text' }],
        on: { schedule: [{ schedule: '@every 1h', parameters: { mode: 'nightly' } }] },
        actions: [{ name: 'a', exec: { script: 'echo {{.params.mode}}' } }],
      },
      'scheduled',
    );
    expect(await fireSchedules(server.ctx)).toBe(false);
    clock.advance(61 * 60_000);
    expect(await fireSchedules(server.ctx)).toBe(true);
    expect(await fireSchedules(server.ctx)).toBe(false); // already claimed: fired once
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.parameters).toEqual({ mode: 'nightly' });
  });

  it('a canary event starts a run for a failing check with matching labels', async () => {
    const db = server.db.kysely;
    const canary = await db
      .insertInto('canaries')
      .values({ name: 'web', namespace: 'default', spec: '{}' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const insertCheck = (name: string, env: string) =>
      db
        .insertInto('checks')
        .values({
          canary_id: canary.id,
          type: 'http',
          name,
          labels: JSON.stringify({ env }),
          status: 'healthy',
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const prod = await insertCheck('prod-api', 'prod');
    const dev = await insertCheck('dev-api', 'dev');
    const id = await seedPlaybook(
      server,
      {
        on: { canary: [{ event: 'failed', labels: { env: 'prod,staging' }, filter: "check.type == 'http'" }] },
        actions: [{ name: 'a', exec: { script: 'echo {{.check.name}}' } }],
      },
      'on-failure',
    );
    for (const c of [prod, dev])
      await db
        .updateTable('checks')
        .set({ status: 'unhealthy' } as never)
        .where('id', '=', c.id)
        .execute();
    const consumer = new EventConsumer({ db, clock, handlers: [playbookEventHandler(server.ctx)] });
    expect(await consumer.runOnce()).toBe(2);
    const runs = await db
      .selectFrom('playbook_runs')
      .select(['id', 'check_id'])
      .where('playbook_id', '=', id)
      .execute();
    expect(runs.map((r) => r.check_id)).toEqual([prod.id]);
    await worker(server).drain();
    expect((await status(server, runs[0]?.id as string)).actions[0]?.result.stdout).toBe('prod-api\n');
    // the notification consumer keeps its own copy of the check event
    const left = await db.selectFrom('event_queue').select('name').where('name', '=', 'check.failed').execute();
    expect(left).toHaveLength(2);
  });
});
