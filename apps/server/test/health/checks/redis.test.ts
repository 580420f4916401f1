import { connect } from 'node:net';
import tls from 'node:tls';
import { redisCheckSchema } from '@opsdeck/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisCheck, redisOptions } from '../../../src/health/checks/redis.js';
import { closedPort, runnerContext, serviceAvailable } from './runnerContext.js';
import { selfSignedCert } from './selfSigned.js';

const available = await serviceAvailable('Redis', 6379);

function check(fields: Record<string, unknown>) {
  return redisCheckSchema.parse({ name: 'redis', ...fields });
}

describe('redis check: validation and addresses', () => {
  it('needs addr, url or connection; db defaults to 0', () => {
    expect(redisCheckSchema.safeParse({ name: 'r' }).error?.issues[0]?.message).toBe(
      'a redis check needs addr, url or connection',
    );
    expect(redisCheckSchema.safeParse({ name: 'r', addr: 'x:1', db: -1 }).error?.issues[0]?.path).toEqual(['db']);
    expect(redisOptions(check({ addr: 'cache.local:6380' }), {}, 1000)).toMatchObject({
      host: 'cache.local',
      port: 6380,
      db: 0,
    });
    expect(
      redisOptions(check({ url: 'rediss://u:p@cache.local/3' }), { url: 'rediss://u:p@cache.local/3' }, 1000),
    ).toMatchObject({
      host: 'cache.local',
      port: 6379,
      username: 'u',
      password: 'p',
      db: 3,
      tls: { servername: 'cache.local', rejectUnauthorized: true },
    });
  });
});

describe.skipIf(!available)('redis check against the machine Redis', () => {
  it('passes on PONG and reports the server version', async () => {
    const out = await redisCheck.run(check({ addr: '127.0.0.1:6379', db: 1 }), runnerContext());
    expect(out.pass).toBe(true);
    const results = out.data.results as { ping: string; info: Record<string, unknown> };
    expect(results.ping).toBe('PONG');
    expect(results.info.redis_version).toMatch(/^\d+\.\d+/);
  });

  it('fails when the server refuses the credentials', async () => {
    const out = await redisCheck.run(
      check({ addr: '127.0.0.1:6379', username: { value: 'nobody' }, password: { value: 'wrong-secret' } }),
      runnerContext(),
    );
    expect(out.pass).toBe(false);
    expect(out.error).toMatch(/WRONGPASS|AUTH|password/i);
    expect(out.error).not.toContain('wrong-secret');
  });
});

describe.skipIf(!available)('redis check over TLS (a TLS terminator in front of the machine Redis)', () => {
  const cert = selfSignedCert();
  let proxy: tls.Server;
  let port = 0;
  beforeAll(async () => {
    proxy = tls.createServer({ cert: cert.cert, key: cert.key }, (socket) => {
      const upstream = connect({ host: '127.0.0.1', port: 6379 });
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
    port = (proxy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it('passes when the server certificate is trusted through tlsConfig.ca', async () => {
    const out = await redisCheck.run(
      check({ url: `rediss://127.0.0.1:${port}`, tlsConfig: { ca: { value: cert.cert } } }),
      runnerContext(),
    );
    expect(out.pass).toBe(true);
  });

  it('refuses an untrusted certificate unless insecureSkipVerify', async () => {
    const strict = await redisCheck.run(
      check({ addr: `127.0.0.1:${port}`, tlsConfig: { enable: true } }),
      runnerContext(),
    );
    expect(strict.pass).toBe(false);
    expect(strict.error).toMatch(/self[- ]signed|certificate/i);
    const skipped = await redisCheck.run(
      check({ addr: `127.0.0.1:${port}`, tlsConfig: { enable: true, insecureSkipVerify: true } }),
      runnerContext(),
    );
    expect(skipped.pass).toBe(true);
  });
});

describe('redis check without a server', () => {
  it('fails with connection refused on a closed port', async () => {
    const port = await closedPort();
    const out = await redisCheck.run(check({ addr: `127.0.0.1:${port}` }), runnerContext());
    expect(out.pass).toBe(false);
    expect(out.error).toContain('ECONNREFUSED');
  });
});
