import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storeConnection, type TestServer } from '../helpers/index.js';
import { standInForge } from '../playbooks/forge.js';

/** "Test connection" tries the credentials where a client exists here, and otherwise says only the port was reached. */

let server: TestServer;
let smtp: SMTPServer;
let smtpPort = 0;
let notSsh: net.Server;
let notSshPort = 0;
const sockets = new Set<net.Socket>();
const TOKEN = 'forge-token-probe';
let forge: Awaited<ReturnType<typeof standInForge>>;

beforeAll(async () => {
  server = await startTestServer();
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'right') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as net.AddressInfo).port;
  // accepts TCP and answers something that is not SSH: a port-only test called this a success
  notSsh = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
  });
  await new Promise<void>((resolve) => notSsh.listen(0, '127.0.0.1', resolve));
  notSshPort = (notSsh.address() as net.AddressInfo).port;
  const root = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-probe-'));
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', path.join(root, 'acme/app.git')]);
  forge = await standInForge(root, TOKEN);
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await forge?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => notSsh?.close(() => resolve()));
  await server?.close();
});

const store = (input: Record<string, unknown>) => storeConnection(server, input);

const test = async (id: string) => {
  const res = await server.fetch(`/api/connection/test/${id}`, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as { message: string; payload?: Record<string, unknown> } };
};

describe('connection tests try the credentials', () => {
  it('email: logs in over SMTP; a wrong password fails with the server’s answer', async () => {
    const props = { host: '127.0.0.1', port: String(smtpPort), encryption: 'None' };
    const good = await store({
      name: 'mail-ok',
      type: 'email',
      username: 'mailer',
      password: 'right',
      properties: props,
    });
    const ok = await test(good);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('connection successful');
    expect(ok.body.payload?.message).toContain('accepted the login of mailer');
    const bad = await store({
      name: 'mail-bad',
      type: 'email',
      username: 'mailer',
      password: 'wrong',
      properties: props,
    });
    const failed = await test(bad);
    expect(failed.status).toBe(400);
    expect(failed.body.message).toMatch(
      /connection test failed: SMTP 127\.0\.0\.1:\d+: .*Invalid username or password/,
    );
  });

  it('sftp: a port that answers but is not SSH fails', async () => {
    const id = await store({
      name: 'files',
      type: 'sftp',
      username: 'u',
      password: 'p',
      properties: { host: '127.0.0.1', port: String(notSshPort) },
    });
    const res = await test(id);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('connection test failed');
  });

  it('git over http: lists the branches with the token; a wrong token fails without echoing it', async () => {
    const url = `${forge.url}/acme/app.git`;
    const good = await store({ name: 'repo-ok', type: 'git', url, username: 'x-access-token', password: TOKEN });
    const ok = await test(good);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('connection successful');
    expect(ok.body.payload?.message).toContain('git ls-remote');
    const bad = await store({ name: 'repo-bad', type: 'git', url, username: 'x-access-token', password: 'nope-123' });
    const failed = await test(bad);
    expect(failed.status).toBe(400);
    expect(failed.body.message).toMatch(/connection test failed: git ls-remote .*: the server refused the credentials/);
    expect(failed.body.message).not.toContain('nope-123');
  });

  it('smb: only the port is reached, and the answer says the credentials were not tried', async () => {
    const id = await store({
      name: 'share',
      type: 'smb',
      username: 'u',
      password: 'p',
      properties: { host: '127.0.0.1', port: String(notSshPort) },
    });
    const res = await test(id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('port reached; the credentials were not tried (no smb client here)');
    expect(res.body.payload?.reachedOnly).toBe(true);
  });
});
