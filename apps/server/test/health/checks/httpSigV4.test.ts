import { createHash, createHmac } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { runnerContext } from './runnerContext.js';

// A local stand-in for an AWS endpoint that recomputes the SigV4 signature from the request it
// received (its own implementation of the algorithm, not the client's library) and answers 403
// on a mismatch, as AWS does.

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const sources = { secrets: { aws: { id: 'AKIDEXAMPLE', secret: SECRET, token: 'session-token-1' } } };
const hash = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

function verify(req: IncomingMessage, body: Buffer): string | undefined {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!auth) return `no SigV4 authorization: ${req.headers.authorization}`;
  const [, keyId, date, region, service, signedHeaders, signature] = auth as unknown as string[];
  if (keyId !== 'AKIDEXAMPLE') return `unknown key ${keyId}`;
  const amzDate = String(req.headers['x-amz-date']);
  const u = new URL(req.url ?? '/', 'http://x');
  const query = [...u.searchParams]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort((a, b) =>
      a[0] === b[0] ? (a[1] as string).localeCompare(b[1] as string) : (a[0] as string) < (b[0] as string) ? -1 : 1,
    )
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = (signedHeaders as string)
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, u.pathname, query, headers, signedHeaders, hash(body)].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, hash(canonical)].join('\n');
  let key = hmac(`AWS4${SECRET}`, date as string);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part as string);
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return expected === signature ? undefined : 'signature mismatch';
}

let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const problem = verify(req, Buffer.concat(chunks));
    res.writeHead(problem ? 403 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(problem ? { message: problem } : { token: req.headers['x-amz-security-token'] ?? null }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const awsSigV4 = {
  accessKey: { valueFrom: { secretKeyRef: { name: 'aws', key: 'id' } } },
  secretKey: { valueFrom: { secretKeyRef: { name: 'aws', key: 'secret' } } },
  region: 'eu-west-1',
  service: 'execute-api',
};

describe('http check with awsSigV4', () => {
  it('signs a GET with a query string so the endpoint accepts it', async () => {
    const r = await executeCheck(
      'http',
      { name: 'api-gw', url: `${base}/prod/items?b=2&a=one%20two`, awsSigV4, responseCodes: [200] },
      runnerContext(sources),
    );
    expect(r).toMatchObject({ pass: true });
  });

  it('signs a POST body, the check headers and the session token', async () => {
    const r = await executeCheck(
      'http',
      {
        name: 'search',
        url: `${base}/index/_search`,
        method: 'POST',
        body: '{"query":{"match_all":{}}}',
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        awsSigV4: {
          ...awsSigV4,
          service: 'es',
          sessionToken: { valueFrom: { secretKeyRef: { name: 'aws', key: 'token' } } },
        },
        test: { expr: "json.token == 'session-token-1'" },
      },
      runnerContext(sources),
    );
    expect(r).toMatchObject({ pass: true });
  });

  it('is refused by the endpoint with a wrong secret (the signature is really checked)', async () => {
    const wrong = { secrets: { aws: { ...sources.secrets.aws, secret: 'not-the-secret' } } };
    const r = await executeCheck('http', { name: 'bad', url: `${base}/prod`, awsSigV4 }, runnerContext(wrong));
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/403/);
  });

  it('refuses assumeRole and a missing region by path', async () => {
    const r = await executeCheck(
      'http',
      { name: 'v', url: base, awsSigV4: { ...awsSigV4, region: undefined, assumeRole: 'arn:aws:iam::1:role/x' } },
      runnerContext(sources),
    );
    expect(r.pass).toBe(false);
    expect(r.error).toContain('awsSigV4.region');
    expect(r.error).toContain('awsSigV4.assumeRole: assumeRole is not supported');
  });
});
