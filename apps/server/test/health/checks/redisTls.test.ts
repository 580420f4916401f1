import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { redisCheckSchema } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisCheck } from '../../../src/health/checks/redis.js';
import { closedPort, runnerContext } from './runnerContext.js';
import { selfSignedCert } from './selfSigned.js';

// A real redis-server with TLS only (--port 0 --tls-port), started by the test. The reference
// switches TLS on by any tlsConfig setting, not only `enable`.

const server = selfSignedCert();
const client = selfSignedCert({ cn: 'opsdeck-check' });
const dir = mkdtempSync(path.join(tmpdir(), 'opsdeck-redis-tls-'));
let redis: ChildProcess | undefined;
let port = 0;
let startError = '';

async function listening(p: number, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '127.0.0.1', port: p }, () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

beforeAll(async () => {
  for (const [name, text] of Object.entries({
    'server.crt': server.cert,
    'server.key': server.key,
    // the server trusts the (self-signed) client certificate as its CA
    'clients.crt': client.cert,
  })) {
    writeFileSync(path.join(dir, name), text);
  }
  port = await closedPort();
  const args = ['--port', '0', '--tls-port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir];
  args.push('--tls-cert-file', path.join(dir, 'server.crt'), '--tls-key-file', path.join(dir, 'server.key'));
  args.push('--tls-ca-cert-file', path.join(dir, 'clients.crt'), '--tls-auth-clients', 'optional');
  redis = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  redis.stdout?.on('data', (d: Buffer) => {
    startError += d.toString();
  });
  redis.on('error', (err) => {
    startError += err.message;
  });
  if (!(await listening(port, Date.now() + 10_000))) {
    throw new Error(`redis-server with --tls-port did not start: ${startError.slice(-500)}`);
  }
}, 20_000);

afterAll(() => {
  redis?.kill();
  rmSync(dir, { recursive: true, force: true });
});

const run = (tlsConfig: Record<string, unknown>) =>
  redisCheck.run(redisCheckSchema.parse({ name: 'redis-tls', addr: `127.0.0.1:${port}`, tlsConfig }), runnerContext());

describe('redis check against a TLS-only redis-server', () => {
  it('switches TLS on for insecureSkipVerify alone', async () => {
    const out = await run({ insecureSkipVerify: true });
    expect(out).toMatchObject({ pass: true, data: { results: { ping: 'PONG' } } });
  });

  it('switches TLS on for a CA alone, and verifies the server against it', async () => {
    expect(await run({ ca: { value: server.cert } })).toMatchObject({ pass: true });
    const wrongCa = await run({ ca: { value: client.cert } });
    expect(wrongCa.pass).toBe(false);
    expect(wrongCa.error).toMatch(/self[- ]signed|certificate/i);
  });

  it('presents a client certificate, verifying the server against its CA', async () => {
    const out = await run({
      cert: { value: client.cert },
      key: { value: client.key },
      insecureSkipVerify: false,
      ca: { value: server.cert },
    });
    expect(out.pass).toBe(true);
    expect(await run({ cert: { value: client.cert }, key: { value: client.key } })).toMatchObject({ pass: false });
  });

  it('fails without any TLS setting: the server speaks only TLS', async () => {
    const out = await run({});
    expect(out.pass).toBe(false);
  });
});
