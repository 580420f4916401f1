import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateIfLarge } from '../../src/logs/ownLog.js';
import { createSampleLogBackend } from '../../src/logs/sample.js';
import { createSampleTopology } from '../../src/topology/sample.js';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { search } from './helpers.js';

/** The demo: a file backend over OpsDeck's own log (outside OPSDECK_FILE_ROOTS), linked from the sample topology. */

let server: TestServer;
let dir = '';
let logFile = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'opsdeck-ownlog-'));
  logFile = path.join(dir, 'data', 'logs', 'opsdeck.log');
  server = await startTestServer({ config: { dataDir: path.join(dir, 'data'), logFile } });
  await rm(path.dirname(logFile), { recursive: true, force: true });
  const { mkdir } = await import('node:fs/promises');
  await mkdir(path.dirname(logFile), { recursive: true });
  const now = Date.now();
  const lines = [0, 1, 2].map((i) =>
    JSON.stringify({ level: 30, time: now - i * 1000, msg: `request completed ${i}` }),
  );
  await writeFile(logFile, `${lines.reverse().join('\n')}\n`);
  await writeFile(path.join(dir, 'data', 'secret.key'), 'do not read');
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('sample log backend', () => {
  it('reads OpsDeck own log without opening the rest of the data directory', async () => {
    await createSampleLogBackend(server.ctx);
    const r = await search(server, { name: 'opsdeck', query: 'request completed' });
    expect(r.total).toBe(3);
    expect(r.results[0]).toMatchObject({
      message: 'request completed 0',
      severity: 'info',
      labels: { app: 'opsdeck' },
    });
    // the data directory stays closed: a backend naming another file in it is refused
    const res = await server.fetch('/api/db/logging_backends', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'key', spec: { file: [{ path: [path.join(dir, 'data', 'secret.key')] }] } }),
    });
    expect(res.status).toBe(201);
    const refused = await server.fetch('/api/logs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'key' }),
    });
    expect(refused.status).toBe(400);
  });

  it('links the sample topology API component to it', async () => {
    const id = await createSampleTopology(server.ctx, 8080);
    expect((await server.fetch(`/api/canary/run/topology/${id}`, { method: 'POST' })).status).toBe(200);
    const rows = (await (await server.fetch('/api/db/components_with_logs?select=id,name')).json()) as Array<{
      id: string;
      name: string;
    }>;
    const api = rows.find((c) => c.name === 'API');
    expect(api).toBeTruthy();
    const r = await search(server, { id: api?.id });
    expect(r.backends).toEqual([{ name: 'opsdeck', type: 'file' }]);
    expect(r.total).toBe(3);
  });

  it('rotates the log past its size into .1.gz, shifting older copies', async () => {
    await appendFile(logFile, 'x'.repeat(2000));
    expect(rotateIfLarge(logFile, 1000)).toBe(true);
    expect(existsSync(`${logFile}.1.gz`)).toBe(true);
    expect(existsSync(logFile)).toBe(false);
    await writeFile(logFile, 'y'.repeat(2000));
    rotateIfLarge(logFile, 1000);
    expect(existsSync(`${logFile}.2.gz`)).toBe(true);
  });
});
