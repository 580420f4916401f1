import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../../src/health/execute.js';
import { closedPort, runnerContext } from './runnerContext.js';
import { selfSignedCert } from './selfSigned.js';

const ctx = () => runnerContext();
let tcpServer: net.Server;
let tlsServer: tls.Server;
let tlsPort: number;
let tcpPort: number;
const good = selfSignedCert({ days: 30 });

beforeAll(async () => {
  tcpServer = net.createServer((s) => s.end()).listen(0, '127.0.0.1');
  await once(tcpServer, 'listening');
  tcpPort = (tcpServer.address() as AddressInfo).port;
  tlsServer = tls.createServer({ cert: good.cert, key: good.key }, (s) => s.end()).listen(0, '127.0.0.1');
  await once(tlsServer, 'listening');
  tlsPort = (tlsServer.address() as AddressInfo).port;
});
afterAll(() => {
  tcpServer.close();
  tlsServer.close();
});

describe('tcp check', () => {
  it('passes when the port accepts a connection', async () => {
    const r = await executeCheck('tcp', { name: 'tcp', endpoint: `127.0.0.1:${tcpPort}` }, ctx());
    expect(r).toMatchObject({ pass: true, invalid: false });
    expect(r.message).toMatch(/^connected to 127\.0\.0\.1:\d+ in \d+ms$/);
  });

  it('fails with the refusal when nothing listens', async () => {
    const port = await closedPort();
    const r = await executeCheck('tcp', { name: 'tcp', endpoint: `127.0.0.1:${port}` }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toBe(`tcp 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('refuses an endpoint without a port', async () => {
    const r = await executeCheck('tcp', { name: 'tcp', endpoint: 'localhost' }, ctx());
    expect(r).toMatchObject({ pass: false, invalid: true });
    expect(r.error).toBe('invalid tcp check: endpoint: expected host:port');
  });
});

describe('tls check', () => {
  it('fails on an untrusted self-signed certificate', async () => {
    const r = await executeCheck('tls', { name: 't', endpoint: `localhost:${tlsPort}` }, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/certificate not trusted: self-signed certificate$/);
  });

  it('passes when the CA is given, and reports days left', async () => {
    const r = await executeCheck(
      'tls',
      {
        name: 't',
        endpoint: `localhost:${tlsPort}`,
        ca: good.cert,
        maxSSLExpiry: 7,
        test: { expr: 'expiryDays >= 28' },
      },
      ctx(),
    );
    expect(r.pass).toBe(true);
    expect(r.message).toMatch(/^certificate for localhost valid for (29|30) days$/);
    expect(r.metrics).toContainEqual({ name: 'ssl_certificate_expiry_days', value: expect.any(Number) });
  });

  it('fails when the certificate expires sooner than maxSSLExpiry', async () => {
    const r = await executeCheck(
      'tls',
      { name: 't', endpoint: `localhost:${tlsPort}`, ca: good.cert, maxSSLExpiry: 60 },
      ctx(),
    );
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/certificate expires in (29|30) days, under 60$/);
  });

  it('fails on a host name the certificate does not cover, unless insecureSkipVerify', async () => {
    const spec = { name: 't', endpoint: `127.0.0.1:${tlsPort}`, serverName: 'example.test', ca: good.cert };
    const r = await executeCheck('tls', spec, ctx());
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(
      /certificate not trusted: not valid for example\.test \(it covers DNS:localhost, IP Address:127\.0\.0\.1\)/,
    );
    const skipped = await executeCheck('tls', { ...spec, insecureSkipVerify: true }, ctx());
    expect(skipped.pass).toBe(true);
  });
});
