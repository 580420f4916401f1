import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { httpPeer, run, seedPlaybook, status, worker } from './helpers.js';

/** Fields of Mission Control's resources are acted on or refused with the reason, never stored and ignored. */

let server: TestServer;
let peer: Awaited<ReturnType<typeof httpPeer>>;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  server = await startTestServer();
  peer = await httpPeer(() => ({ status: 200, body: '{}' }));
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

async function refusal(table: string, row: Record<string, unknown>): Promise<string> {
  const res = await server.fetch(`/api/db/${table}`, { method: 'POST', headers: json, body: JSON.stringify(row) });
  expect(res.status).toBe(400);
  return ((await res.json()) as { message: string }).message;
}

describe('playbook fields', () => {
  const http = () => ({ name: 'a', http: { url: peer.url, body: '{"a":1}' } });

  it('refuses spec.permissions, which would not restrict who runs the playbook', async () => {
    const msg = await refusal('playbooks', {
      name: 'perm',
      spec: { permissions: [{ role: 'admin' }], actions: [http()] },
    });
    expect(msg).toContain('spec.permissions: permissions is not supported');
    expect(msg).toContain('playbook:run');
  });

  it('refuses templatesOn: agent on the playbook and on an action, accepts host', async () => {
    expect(await refusal('playbooks', { name: 't1', spec: { templatesOn: 'agent', actions: [http()] } })).toContain(
      'spec.templatesOn: templatesOn: agent is not supported',
    );
    expect(
      await refusal('playbooks', { name: 't2', spec: { actions: [{ ...http(), templatesOn: 'agent' }] } }),
    ).toContain('spec.actions[0].templatesOn');
    const ok = await server.fetch('/api/db/playbooks', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 't3', spec: { templatesOn: 'host', actions: [http()] } }),
    });
    expect(ok.status).toBe(201);
  });

  it('refuses contentType on an action that sends no body', async () => {
    const msg = await refusal('playbooks', {
      name: 'ct',
      spec: {
        actions: [{ name: 'q', contentType: 'application/json', sql: { url: 'postgres://x', query: 'select 1' } }],
      },
    });
    expect(msg).toContain('spec.actions[0].contentType: contentType applies to actions that send a body (http)');
  });

  it('sends an http action body with its contentType, unless a header sets one', async () => {
    const id = await seedPlaybook(
      server,
      {
        actions: [
          { ...http(), name: 'typed', contentType: 'application/json' },
          {
            ...http(),
            name: 'header-wins',
            contentType: 'application/json',
            http: { ...http().http, headers: [{ name: 'Content-Type', value: 'text/csv' }] },
          },
        ],
      },
      'content-type',
    );
    const { run_id } = await run(server, { id });
    await worker(server).drain();
    expect((await status(server, run_id)).run.status).toBe('completed');
    expect(peer.requests.map((r) => r.headers['content-type'])).toEqual(['application/json', 'text/csv']);
  });
});

describe('ScrapeConfig fields', () => {
  const file = [{ type: 'File', paths: ['/srv/*.json'] }];
  it('refuses logLevel, crdSync: true and system: true with the path and reason', async () => {
    expect(await refusal('config_scrapers', { name: 'll', spec: { logLevel: 'debug', file } })).toContain(
      'spec.logLevel: per-scrape log levels are not supported',
    );
    expect(await refusal('config_scrapers', { name: 'crd', spec: { crdSync: true, file } })).toContain(
      'spec.crdSync: crdSync is not supported',
    );
    expect(await refusal('config_scrapers', { name: 'sys', spec: { system: true, file } })).toContain(
      'spec.system: system is not supported',
    );
    const ok = await server.fetch('/api/db/config_scrapers', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'plain', spec: { crdSync: false, system: false, file } }),
    });
    expect(ok.status).toBe(201);
  });
});
