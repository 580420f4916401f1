import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { createSampleLogBackend } from '../../src/logs/sample.js';
import { addPersonWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { browser, csrfOf } from '../identity/helpers.js';

// Issue 33 items 0 and 12: with SMTP_URL unset the courier logged every email body (recovery
// codes included) to OpsDeck's own log, request lines held URLs with tokens, and the sample
// `file` backend over that log was open to viewers. Now no code or token reaches the log, and the
// sample backend is read by admins and by whom a permission row on `logs` names.

let server: TestServer;
let dir = '';
let logFile = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdeck-ownlog-secrets-'));
  logFile = path.join(dir, 'data', 'logs', 'opsdeck.log');
  server = await startTestServer({
    config: { dataDir: path.join(dir, 'data'), logFile, logLevel: 'info' },
    logger: true,
  });
  await createSampleLogBackend(server.ctx);
  await addUser(
    { db: server.db, clock: server.ctx.clock },
    { email: 'admin@localhost', password: 'the-admins-password-1', roles: ['admin'] },
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The log file once it holds `marker` (pino writes asynchronously). */
async function logHolding(marker: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const text = await readFile(logFile, 'utf8').catch(() => '');
    if (text.includes(marker)) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the log never held ${marker}`);
}

const searchAs = (as: Parameters<TestServer['fetch']>[1], body: unknown) =>
  server.fetch('/api/logs', {
    ...as,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(as?.headers as Record<string, string>) },
    body: JSON.stringify(body),
  });

describe("OpsDeck's own log", () => {
  let code = '';

  it('keeps a recovery code out of the log; a viewer finds it neither on /api/logs nor /api/db', async () => {
    // a viewer (any browser) starts a recovery of the admin's account
    const b = browser(server);
    const flow = await b.ory.createBrowserRecoveryFlow();
    await b.ory.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'admin@localhost', csrf_token: csrfOf(flow) },
    });
    const kept = await server.db.kysely
      .selectFrom('courier_messages')
      .select(['id', 'body'])
      .where('recipient', '=', 'admin@localhost')
      .executeTakeFirstOrThrow();
    code = /\b(\d{6})\b/.exec(kept.body)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const log = await logHolding(kept.id);
    expect(log).toContain('email kept in courier_messages');
    expect(log).not.toContain(code);
    expect(log).not.toContain(kept.body.slice(0, 30));

    // an admin reads the kept message; no one else does
    expect((await server.fetch('/api/auth/courier', { as: 'viewer' })).status).toBe(403);
    expect((await server.fetch('/api/auth/courier', { as: 'editor' })).status).toBe(403);
    const mail = await server.fetch('/api/auth/courier?recipient=admin@localhost', { as: 'admin' });
    expect(mail.status).toBe(200);
    expect(JSON.stringify(await mail.json())).toContain(code);

    for (const body of [{ name: 'opsdeck', query: code }, { query: code }, { name: 'opsdeck' }]) {
      const res = await searchAs({ as: 'viewer' }, body);
      const text = await res.text();
      expect(text).not.toContain(code);
      expect(text).not.toContain('email kept');
    }
    expect((await searchAs({ as: 'viewer' }, { name: 'opsdeck' })).status).toBe(404);
    const listed = await server.fetch('/api/db/logging_backends?select=name', { as: 'viewer' });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
    // an editor may not patch it either
    const patched = await server.fetch('/api/db/logging_backends?name=eq.opsdeck', {
      as: 'editor',
      method: 'PATCH',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ labels: { app: 'opsdeck' } }),
    });
    expect(await patched.json()).toEqual([]);
  });

  it('is read by an admin, and by a viewer a permission row on logs names', async () => {
    const admin = await searchAs({ as: 'admin' }, { name: 'opsdeck', query: 'email kept' });
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { total: number }).total).toBeGreaterThan(0);

    const granted = await addPersonWithToken(server.db, { email: 'granted@example.com', roles: ['viewer'] });
    const plain = await addPersonWithToken(server.db, { email: 'plain@example.com', roles: ['viewer'] });
    await server.db.kysely
      .insertInto('permissions')
      .values({ person_id: granted.id, object: 'logs', action: 'read' } as never)
      .execute();
    const bearer = (token: string) => ({ as: null, headers: { authorization: `Bearer ${token}` } });
    const mine = await searchAs(bearer(granted.token), { name: 'opsdeck', query: 'email kept' });
    expect(mine.status).toBe(200);
    const rows = await server.fetch('/api/db/logging_backends?select=name', bearer(granted.token));
    expect(await rows.json()).toEqual([{ name: 'opsdeck' }]);
    expect((await searchAs(bearer(plain.token), { name: 'opsdeck' })).status).toBe(404);
    // such a row opens OpsDeck's own log: only an admin writes it
    const byEditor = await server.fetch('/api/db/permissions', {
      as: 'editor',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ person_id: plain.id, object: 'logs', action: 'read' }),
    });
    expect(byEditor.status).toBe(403);
  });

  it('holds no query string or push token of the requests it logs', async () => {
    const secrets = ['pushTokenABCDEF0123456789', 'queryTokenValue0123', 'logoutTokenValue0123'];
    await fetch(`${server.url}/api/push/${secrets[0]}?status=up&msg=hi`);
    await server.fetch(`/api/db/canaries?select=id&access_token=${secrets[1]}`, { as: 'viewer' });
    await fetch(`${server.url}/api/.ory/self-service/logout?token=${secrets[2]}`);
    await fetch(`${server.url}/api/db/canaries?marker=done`, {
      headers: { authorization: `Bearer ${secrets[1]}`, cookie: `ory_kratos_session=${secrets[2]}` },
    });
    const log = await logHolding('"url":"/api/db/canaries"');
    await new Promise((r) => setTimeout(r, 300));
    const all = await readFile(logFile, 'utf8');
    for (const s of secrets) expect(all).not.toContain(s);
    expect(all).not.toContain('marker=done');
    expect(log).toContain('/api/push/:token');
  });
});
