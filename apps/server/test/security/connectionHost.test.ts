import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { httpPeer } from '../playbooks/helpers.js';
import { fetchView, saveView } from '../views/helpers.js';

// Issue 33 item 13 (view http sources): an editor may not point a stored connection's
// credentials at a server of their choosing. The view fails with a clear error and the other
// server receives nothing; the connection's own host still gets them.

const PW = 'HostPinnedPw3307';
let server: TestServer;
let own: Awaited<ReturnType<typeof httpPeer>>;
let other: Awaited<ReturnType<typeof httpPeer>>;

beforeAll(async () => {
  server = await startTestServer();
  own = await httpPeer(() => ({ status: 200, body: JSON.stringify([{ value: 'ok' }]) }));
  other = await httpPeer(() => ({ status: 200, body: JSON.stringify([{ value: 'stolen' }]) }));
  const res = await server.fetch('/api/db/connections', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'pinned', type: 'http', url: `${own.url}/api`, username: 'svc', password: PW }),
  });
  expect(res.status, await res.text()).toBe(201);
});
afterAll(async () => {
  await own?.close();
  await other?.close();
  await server?.close();
});

const viewOn = (url: string) => ({
  queries: { rows: { http: { url, connection: 'connection://pinned' } } },
  columns: [{ name: 'value', type: 'string', primaryKey: true }],
});

describe('view http sources with a connection', () => {
  it('refuses a URL on another host and sends nothing there', async () => {
    const id = await saveView(server, 'pinned-elsewhere', viewOn(`${other.url}/collect`));
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus).toBe('error');
    expect(body.refreshError).toMatch(/connection connection:\/\/pinned belongs to 127\.0\.0\.1:\d+/);
    expect(JSON.stringify(body)).not.toContain(PW);
    expect(other.requests).toHaveLength(0);
  });

  it("sends the credentials to the connection's own host", async () => {
    const id = await saveView(server, 'pinned-own', viewOn(`${own.url}/api/rows`));
    const { body } = await fetchView(server, id);
    expect(body.refreshStatus, body.refreshError).toBe('fresh');
    expect(own.requests.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from(`svc:${PW}`).toString('base64')}`);
  });
});
