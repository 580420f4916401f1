import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

const TOKEN = 'metrics-token-0123456789';
let open: TestServer; // defaults: loopback only, no token
let guarded: TestServer; // a token, and 10.1.0.0/16 allowed

beforeAll(async () => {
  open = await startTestServer();
  const { http } = loadConfig({ OPSDECK_METRICS_TOKEN: TOKEN, OPSDECK_METRICS_ALLOW: '10.1.0.0/16, 2001:db8::/32' });
  guarded = await startTestServer({ config: { http } });
}, 180_000); // two servers: slow on a loaded machine
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

const scrape = (server: TestServer, remoteAddress: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('/metrics access', () => {
  it('is served to loopback by default and refused to any other address', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(open, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body).toContain('opsdeck_http_requests_total');
    }
    for (const address of ['203.0.113.9', '10.1.2.3', '2001:db8::1']) {
      const res = await scrape(open, address);
      expect(res.statusCode, address).toBe(403);
      expect(res.body).not.toContain('opsdeck_');
      expect(res.json().message).toContain('OPSDECK_METRICS_ALLOW');
    }
    // over real HTTP from loopback too (how the existing metrics tests scrape)
    const real = await fetch(`${open.url}/metrics`);
    expect(real.status).toBe(200);
    expect(await real.text()).toContain('opsdeck_');
  });

  it('refuses loopback when a proxy that is not trusted relayed the request', async () => {
    expect((await scrape(open, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
  });

  it('with a token: serves it with the Bearer token from anywhere, 401 without', async () => {
    const ok = await scrape(guarded, '203.0.113.9', { authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('opsdeck_');
    const none = await scrape(guarded, '203.0.113.9');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    const wrong = await scrape(guarded, '10.1.2.3', { authorization: 'Bearer not-the-token-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect((await scrape(guarded, '10.1.2.3')).statusCode).toBe(200);
    expect((await scrape(guarded, '2001:db8::7')).statusCode).toBe(200);
    expect((await scrape(guarded, '127.0.0.1')).statusCode).toBe(401); // the allow list replaced loopback
  });

  it('refuses a malformed allow list at startup', () => {
    expect(() => loadConfig({ OPSDECK_METRICS_ALLOW: '10.0.0.0/99' })).toThrow(/OPSDECK_METRICS_ALLOW/);
  });
});
