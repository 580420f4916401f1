import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';

let server: TestServer;
let webDir: string;
const script = `export const checks = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ name: `check-${i}` })))};\n`;

/** A GET with the raw bytes as they crossed the wire (fetch would decode them). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'opsdeck-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>OpsDeck</title>');
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), script);
  // as the build leaves it: a brotli copy beside the file (the gzip one left out on purpose)
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js.br'), zlib.brotliCompressSync(script));
  server = await startTestServer({ config: { webDir } });
  const canary = await server.db.kysely
    .insertInto('canaries')
    .values({ name: 'edge', namespace: 'prod', spec: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.kysely
    .insertInto('checks')
    .values(Array.from({ length: 2000 }, (_, i) => ({ canary_id: canary.id, type: 'http', name: `check-${i}` })))
    .execute();
});
afterAll(async () => {
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('response compression', () => {
  it('sends the summary gzip- or brotli-compressed to a client that accepts it, the same JSON inside', async () => {
    const auth = server.headers('viewer');
    const url = `${server.url}/api/canary/api/summary`;
    const plain = await get(url, { ...auth, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const items = (body: Buffer) => JSON.parse(body.toString()).checks_summary;
    expect(items(plain.body)).toHaveLength(2000);

    const gzip = await get(url, { ...auth, 'accept-encoding': 'gzip, deflate' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gzip.body.length).toBeLessThan(plain.body.length / 4);
    expect(items(zlib.gunzipSync(gzip.body))).toEqual(items(plain.body));

    const br = await get(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(items(zlib.brotliDecompressSync(br.body))).toEqual(items(plain.body));
  });

  it('gives each of many concurrent summary requests its own complete reply, compressed or not', async () => {
    // replies of ~1 MB outlive their handler (socket writes, threadpool compression) while the
    // next ones are written: a reply buffer handed on too early would show up here
    const auth = server.headers('viewer');
    const ranges = ['15m', '1h', '1d', '1mo'];
    const encodings = ['identity', 'gzip', 'br'] as const;
    const decode = { identity: (b: Buffer) => b, gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync };
    const expected = (await get(`${server.url}/api/canary/api/summary`, { ...auth, 'accept-encoding': 'identity' }))
      .body;
    const wanted = JSON.parse(expected.toString()).checks_summary;
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const encoding = encodings[i % 3] as (typeof encodings)[number];
        const url = `${server.url}/api/canary/api/summary?timeRange=${ranges[i % 4]}`;
        return get(url, { ...auth, 'accept-encoding': encoding }).then((r) => decode[encoding](r.body));
      }),
    );
    for (const body of replies) expect(JSON.parse(body.toString()).checks_summary).toEqual(wanted);
  });

  it('compresses the web app assets too', async () => {
    const res = await get(`${server.url}/assets/app-1234.js`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(zlib.gunzipSync(res.body).toString()).toBe(script);
  });

  it('sends the copy the build compressed when the client accepts its encoding', async () => {
    const res = await get(`${server.url}/assets/app-1234.js`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body.equals(zlib.brotliCompressSync(script))).toBe(true);
    const plain = await get(`${server.url}/assets/app-1234.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });
});
