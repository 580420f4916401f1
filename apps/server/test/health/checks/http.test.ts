import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { VERSION } from '../../../src/version.js';
import { counters, type HttpTarget, startHttpTarget } from './httpTarget.js';
import { closedPort, runnerContext } from './runnerContext.js';

const sources = {
  secrets: { api: { token: 'secret-token', password: 'pa55' }, oauth: { secret: 'client-secret' } },
  connections: {
    shop: {
      name: 'shop',
      namespace: 'default',
      type: 'http',
      url: '',
      username: 'alice',
      password: 'pa55',
      properties: {},
    },
  },
};
const ctx = () => runnerContext(sources);
let target: HttpTarget;
let base = '';

beforeAll(async () => {
  target = await startHttpTarget();
  base = target.base;
  // the connection's credentials belong to the test server's host
  sources.connections.shop.url = base;
});
afterAll(() => target.close());

describe('http check: status, content and expressions', () => {
  it('passes on 2xx and exposes code, headers, content, json and elapsed to expressions', async () => {
    const r = await executeCheck(
      'http',
      {
        name: 'status',
        url: `${base}/status`,
        responseContent: '"ok"',
        test: {
          expr: 'code == 200 && json.items.size() == 3 && headers["X-App"] == "shop" && elapsed >= duration("0s") && elapsed.getMilliseconds() >= 0',
        },
        display: { template: '{{ .json.status }} ({{ .code }})' },
      },
      ctx(),
    );
    expect(r).toMatchObject({ pass: true, message: 'ok (200)' });
    expect(r.data.content).toBe('{"status":"ok","items":[1,2,3]}');
  });

  it('fails on an unexpected status, naming it', async () => {
    const r = await executeCheck('http', { name: 'fail', url: `${base}/fail` }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toBe(`${base}/fail: response code 503 not expected (2xx)`);
    const ok = await executeCheck('http', { name: 'fail', url: `${base}/fail`, responseCodes: [503] }, ctx());
    expect(ok.pass).toBe(true);
  });

  it('fails when the body lacks responseContent or responseJSONContent differs', async () => {
    const r = await executeCheck('http', { name: 'c', url: `${base}/status`, responseContent: 'degraded' }, ctx());
    expect(r.error).toMatch(/expected response to contain "degraded"$/);
    const j = await executeCheck(
      'http',
      { name: 'j', url: `${base}/status`, responseJSONContent: { path: '$.status', value: 'down' } },
      ctx(),
    );
    expect(j.error).toMatch(/\$\.status is "ok", expected "down"$/);
  });

  it('a failing test expression fails the check', async () => {
    const r = await executeCheck(
      'http',
      { name: 't', url: `${base}/status`, test: { expr: 'json.items.size() > 5' } },
      ctx(),
    );
    expect(r).toMatchObject({ pass: false, error: 'test failed' });
  });

  it('fails a response slower than thresholdMillis, and on timeout', async () => {
    const slow = await executeCheck('http', { name: 's', url: `${base}/slow`, thresholdMillis: 100 }, ctx());
    expect(slow.error).toMatch(/^took \d+ms, over the threshold of 100ms$/);
    const timeout = await executeCheck('http', { name: 's', url: `${base}/slow`, timeout: '150ms' }, ctx());
    expect(timeout.error).toBe('timed out after 150ms');
  });

  it('fails with the connection error when nothing listens', async () => {
    const port = await closedPort();
    const r = await executeCheck('http', { name: 'down', url: `http://127.0.0.1:${port}/` }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toContain('ECONNREFUSED');
  });
});

describe('http check: redirects', () => {
  it('follows redirects by default', async () => {
    const r = await executeCheck('http', { name: 'r', url: `${base}/moved` }, ctx());
    expect(r.pass).toBe(true);
    expect(r.data.url).toBe(`${base}/status`);
  });

  it('with maxRedirects 0 asserts the 301 and its Location', async () => {
    const r = await executeCheck(
      'http',
      {
        name: 'r',
        url: `${base}/moved`,
        maxRedirects: 0,
        responseCodes: [301],
        test: { expr: 'headers.Location == "/status"' },
      },
      ctx(),
    );
    expect(r.pass).toBe(true);
    const strict = await executeCheck('http', { name: 'r', url: `${base}/moved`, maxRedirects: 0 }, ctx());
    expect(strict.error).toBe(`${base}/moved: response code 301 not expected (2xx) (Location: /status)`);
  });

  it('stops after maxRedirects on a loop', async () => {
    const r = await executeCheck('http', { name: 'r', url: `${base}/loop`, maxRedirects: 3 }, ctx());
    expect(r.error).toMatch(/response code 302 not expected/);
  });
});

describe('http check: requests and auth', () => {
  it('sends method, headers from secrets and a templated body', async () => {
    const r = await executeCheck(
      'http',
      {
        name: 'post',
        url: `${base}/echo`,
        method: 'post',
        headers: [{ name: 'X-Token', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
        body: '{"who": "{{ .user }}"}',
        templateBody: true,
        env: [{ name: 'user', value: 'bob' }],
      },
      ctx(),
    );
    expect(r.data.json).toMatchObject({ method: 'POST', body: '{"who": "bob"}', token: 'secret-token' });
  });

  it('sends User-Agent OpsDeck/<version> unless headers set one', async () => {
    const r = await executeCheck('http', { name: 'ua', url: `${base}/echo` }, ctx());
    expect((r.data.json as { ua: string }).ua).toBe(`OpsDeck/${VERSION}`);
    const own = await executeCheck(
      'http',
      { name: 'ua', url: `${base}/echo`, headers: [{ name: 'User-Agent', value: 'probe/1' }] },
      ctx(),
    );
    expect((own.data.json as { ua: string }).ua).toBe('probe/1');
  });

  it('sends a body with GET (search APIs take their query that way)', async () => {
    const r = await executeCheck('http', { name: 'get', url: `${base}/echo`, body: '{"query": {}}' }, ctx());
    expect(r.data.json).toMatchObject({ method: 'GET', body: '{"query": {}}' });
  });

  it('basic auth from username/password sources, and a connection', async () => {
    const ok = await executeCheck(
      'http',
      {
        name: 'b',
        url: `${base}/basic`,
        username: { value: 'alice' },
        password: { valueFrom: { secretKeyRef: { name: 'api', key: 'password' } } },
      },
      ctx(),
    );
    expect(ok.pass).toBe(true);
    const viaConnection = await executeCheck(
      'http',
      { name: 'b', url: `${base}/basic`, connection: 'connection://default/shop' },
      ctx(),
    );
    expect(viaConnection.pass).toBe(true);
    // a check url on another host may not borrow the connection's credentials: nothing is sent
    const elsewhere = await executeCheck(
      'http',
      { name: 'b', url: `${base.replace('127.0.0.1', 'localhost')}/basic`, connection: 'connection://default/shop' },
      ctx(),
    );
    expect(elsewhere.pass).toBe(false);
    expect(elsewhere.error).toMatch(
      /connection connection:\/\/default\/shop belongs to 127\.0\.0\.1:\d+: its credentials are not sent to localhost/,
    );
    const denied = await executeCheck('http', { name: 'b', url: `${base}/basic`, username: { value: 'alice' } }, ctx());
    expect(denied.error).toMatch(/response code 401 not expected/);
  });

  it('digest auth (RFC 7616, SHA-256) answers the challenge', async () => {
    const spec = { name: 'd', url: `${base}/digest`, digest: true, username: { value: 'alice' } };
    const ok = await executeCheck('http', { ...spec, password: { value: 'pa55' } }, ctx());
    expect(ok).toMatchObject({ pass: true });
    expect(ok.data.content).toBe('digest welcome');
    const wrong = await executeCheck('http', { ...spec, password: { value: 'nope' } }, ctx());
    expect(wrong.error).toMatch(/response code 401 not expected/);
  });

  it('oauth2 client credentials fetches a token with the scopes and caches it', async () => {
    const spec = {
      name: 'o',
      url: `${base}/protected`,
      username: { value: 'shop-client' },
      password: { valueFrom: { secretKeyRef: { name: 'oauth', key: 'secret' } } },
      oauth2: { tokenURL: `${base}/token`, scope: ['read', 'write'] },
    };
    const before = counters.tokenRequests;
    const r = await executeCheck('http', spec, ctx());
    expect(r).toMatchObject({ pass: true });
    expect(r.data.content).toBe('orders: 4');
    await executeCheck('http', spec, ctx());
    expect(counters.tokenRequests - before).toBe(1);
    const bad = await executeCheck('http', { ...spec, password: { value: 'wrong' } }, ctx());
    expect(bad.error).toMatch(/oauth2 token request to .*\/token failed with 401/);
  });
});
