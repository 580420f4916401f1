import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { digestAuthorization, parseDigestChallenge } from '../../../src/integrations/http/digest.js';
import { clientCert, type HttpTarget, serverCert, startHttpTarget } from './httpTarget.js';
import { runnerContext } from './runnerContext.js';

const ctx = () => runnerContext({});
let target: HttpTarget;
let tlsBase = '';
let mtlsBase = '';

beforeAll(async () => {
  target = await startHttpTarget();
  tlsBase = target.tlsBase;
  mtlsBase = target.mtlsBase;
});
afterAll(() => target.close());

describe('http check: TLS', () => {
  it('fails on an untrusted self-signed certificate', async () => {
    const r = await executeCheck('http', { name: 's', url: `${tlsBase}/status` }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/self[- ]signed certificate/i);
  });

  it('trusts a CA from tlsConfig and exposes sslAge; maxSSLExpiry fails a close expiry', async () => {
    const tlsConfig = { ca: { value: serverCert.cert } };
    const r = await executeCheck(
      'http',
      {
        name: 's',
        url: `${tlsBase}/status`,
        tlsConfig,
        maxSSLExpiry: 30,
        test: { expr: 'sslAge > duration("720h") && sslAge > Duration(\'7d\')' },
      },
      ctx(),
    );
    expect(r.pass).toBe(true);
    expect(r.metrics).toContainEqual({ name: 'ssl_certificate_expiry_days', value: expect.any(Number) });
    const soon = await executeCheck(
      'http',
      { name: 's', url: `${tlsBase}/status`, tlsConfig, maxSSLExpiry: 60 },
      ctx(),
    );
    expect(soon.error).toMatch(/SSL certificate expires in 4[45] days, under 60$/);
  });

  it('insecureSkipVerify accepts the certificate', async () => {
    const r = await executeCheck(
      'http',
      { name: 's', url: `${tlsBase}/status`, tlsConfig: { insecureSkipVerify: true } },
      ctx(),
    );
    expect(r.pass).toBe(true);
  });

  it('presents a client certificate for mutual TLS', async () => {
    const tlsConfig = {
      ca: { value: serverCert.cert },
      cert: { value: clientCert.cert },
      key: { value: clientCert.key },
    };
    const r = await executeCheck('http', { name: 'm', url: `${mtlsBase}/status`, tlsConfig }, ctx());
    expect(r.pass).toBe(true);
    const without = await executeCheck(
      'http',
      { name: 'm', url: `${mtlsBase}/status`, tlsConfig: { ca: tlsConfig.ca } },
      ctx(),
    );
    expect(without.pass).toBe(false);
  });
});

describe('digest helper', () => {
  it('matches the RFC 7616 section 3.9.1 example (MD5 and SHA-256)', () => {
    const challenge = (algorithm: string) =>
      parseDigestChallenge(
        `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`,
      );
    const creds = { username: 'Mufasa', password: 'Circle of Life' };
    const cnonce = 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ';
    const md5 = digestAuthorization(challenge('MD5') as never, creds, 'GET', '/dir/index.html', 1, cnonce);
    expect(md5).toContain('response="8ca523f5e9506fed4657c9700eebdbec"');
    const sha = digestAuthorization(challenge('SHA-256') as never, creds, 'GET', '/dir/index.html', 1, cnonce);
    expect(sha).toContain('response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"');
  });
});
