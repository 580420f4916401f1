import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

let server: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>OpsDeck</title>');
  // trusts a proxy on loopback, so X-Forwarded-Proto says when the browser came over HTTPS
  const { http } = loadConfig({ OPSDECK_TRUST_PROXY: '127.0.0.1' });
  server = await startTestServer({ config: { webDir, http } });
});
afterAll(async () => {
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

function expectHardened(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('are sent with the web app, API answers, errors and identity answers', async () => {
    const page = await server.fetch('/health', { headers: { accept: 'text/html' }, as: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expectHardened(page);
    const deep = await server.fetch('/incidents/abc', { as: null });
    expect(deep.headers.get('content-type')).toContain('text/html');
    expectHardened(deep);
    for (const res of [
      await server.fetch('/api/db/people'),
      await server.fetch('/api/db/people', { as: null }), // 401
      await server.fetch('/api/nope'), // 404
      await server.fetch('/health', { as: null }),
      await fetch(`${server.url}/api/.ory/self-service/login/api`),
      await fetch(`${server.url}/api/.ory/sessions/whoami`), // 401 in Kratos's envelope
    ]) {
      expect(res.headers.get('content-type')).toContain('json');
      expectHardened(res);
    }
  });

  it('sends HSTS only over HTTPS (here: X-Forwarded-Proto from the trusted proxy)', async () => {
    expect((await server.fetch('/api/db/people')).headers.get('strict-transport-security')).toBeNull();
    const https = await server.fetch('/api/db/people', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const page = await server.fetch('/', { headers: { 'x-forwarded-proto': 'https' }, as: null });
    expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=/);
  });

  it('ignores X-Forwarded-Proto from a peer that is not a trusted proxy', async () => {
    const untrusted = await startTestServer();
    try {
      const res = await untrusted.fetch('/api/db/people', { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expectHardened(res);
    } finally {
      await untrusted.close();
    }
  });
});
