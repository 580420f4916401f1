import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

// Mission Control's agents send their access token as HTTP Basic `token:<access token>`.

describe('an agent authenticating with Basic token:<access token>', () => {
  let server: TestServer;
  let token = '';
  beforeAll(async () => {
    server = await startTestServer();
    const res = await server.fetch('/api/agent/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'basic-agent' }),
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  }, 120_000);
  afterAll(() => server?.close());

  const ping = (authorization: string) => fetch(`${server.url}/upstream/ping`, { headers: { authorization } });
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('reaches the upstream as with Bearer; another user name or a wrong token is refused', async () => {
    expect((await ping(`Bearer ${token}`)).status).toBe(200);
    expect((await ping(basic('token', token))).status).toBe(200);
    expect((await ping(basic('agent', token))).status).toBe(401);
    expect((await ping(basic('token', `${token}x`))).status).toBe(401);
  });
});
