import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPersonWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { kumaBackup } from './kumaBackup.js';

// Issue 33 (low): a 900 KB field in an import answered 500 (an index row too large); it is bad
// input, answered 400 naming the field, and nothing is stored.

let server: TestServer;
let token = '';
beforeAll(async () => {
  server = await startTestServer();
  token = (await addPersonWithToken(server.db, { email: 'big@example.com', roles: ['admin'] })).token;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const big = 'x'.repeat(900 * 1024);

const post = (source: string, content: string, dryRun = false) =>
  server.fetch(`/api/import/${source}`, {
    as: null,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ content, dryRun }),
  });

const gatus = (name: string) =>
  `endpoints:\n  - name: ${name}\n    url: http://127.0.0.1:1\n    conditions: ["[STATUS] == 200"]\n`;

function kuma(field: string): string {
  const backup = kumaBackup({
    httpUrl: 'http://127.0.0.1:1',
    tcpPort: 1,
    postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: 'redis://127.0.0.1:6379',
    webhookUrl: 'http://127.0.0.1:1/hook',
  }) as unknown as { monitorList: Array<Record<string, unknown>> };
  (backup.monitorList[1] as Record<string, unknown>)[field] = big; // the Home page http monitor
  return JSON.stringify(backup);
}

describe('an import with a huge field', () => {
  it.each([
    ['gatus endpoint name', 'gatus', () => gatus(big), false],
    ['gatus endpoint name, dry run', 'gatus', () => gatus(big), true],
    ['kuma monitor name', 'kuma', () => kuma('name'), false],
    ['kuma monitor url', 'kuma', () => kuma('url'), false],
  ])('answers a %s 400 naming the field', async (_what, source, content, dryRun) => {
    const res = await post(source, content(), dryRun);
    const body = (await res.json()) as { message: string };
    expect(res.status, body.message).toBe(400);
    expect(body.message).toMatch(/characters long .*at most \d+ can be imported/);
    expect(body.message.length).toBeLessThan(400);
  });

  it('stores nothing of it, and the same file with a sane name imports', async () => {
    const canaries = await server.db.kysely.selectFrom('canaries').select('name').execute();
    expect(canaries).toEqual([]);
    expect((await post('gatus', gatus('api'))).status).toBe(200);
  });
});
