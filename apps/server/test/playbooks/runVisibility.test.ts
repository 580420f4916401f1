import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPersonWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { openStream, type TestStream } from '../live/sse.js';
import { run, seedPerson, seedPlaybook, worker } from './helpers.js';

/** A person denied a playbook (a deny selector row) reads none of its runs: /api/db, run APIs, live stream. */

let server: TestServer;
let hidden = '';
let open = '';
let hiddenRun = '';
let openRun = '';
const streams: TestStream[] = [];

// an editor with a permission row denying everything on the playbook named hidden
let denied: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  await seedPerson(server, 'admin');
  await seedPerson(server, 'editor');
  const spec = { actions: [{ name: 'a', http: { url: 'http://127.0.0.1:1' } }] };
  hidden = await seedPlaybook(server, spec, 'hidden');
  open = await seedPlaybook(server, spec, 'open');
  hiddenRun = (await run(server, { id: hidden })).run_id;
  openRun = (await run(server, { id: open })).run_id;
  await worker(server).drain();
  const person = await addPersonWithToken(server.db, { email: 'denied@example.com', roles: ['editor'] });
  const row = await server.fetch('/api/db/permissions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      person_id: person.id,
      action: '*',
      deny: true,
      object_selector: { playbooks: [{ name: 'hidden' }] },
    }),
  });
  expect(row.status).toBe(201);
  denied = { authorization: `Bearer ${person.token}` };
});
afterAll(async () => {
  for (const s of streams) s.close();
  await server?.close();
});

const get = (path: string, who: 'editor' | Record<string, string>) =>
  who === 'editor' ? server.fetch(path, { as: 'editor' }) : server.fetch(path, { as: null, headers: who });
const ids = async (path: string, who: 'editor' | Record<string, string>) => {
  const res = await get(path, who);
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<Record<string, string>>).map((r) => r.id ?? r.playbook_run_id);
};

describe('runs of a denied playbook', () => {
  it('are left out of /api/db/playbook_runs and playbook_run_actions', async () => {
    expect(await ids('/api/db/playbook_runs?select=id', 'editor')).toEqual(
      expect.arrayContaining([hiddenRun, openRun]),
    );
    expect(await ids('/api/db/playbook_runs?select=id', denied)).toEqual([openRun]);
    const actions = await ids('/api/db/playbook_run_actions?select=playbook_run_id', denied);
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((id) => id === openRun)).toBe(true);
    expect(await ids(`/api/db/playbook_approvals?select=id&run_id=eq.${hiddenRun}`, denied)).toEqual([]);
  });

  it('are refused by the run detail APIs, while other runs still answer', async () => {
    for (const path of [`/api/playbook/run/${hiddenRun}`, `/api/playbook/run/${hiddenRun}/status`]) {
      const res = await get(path, denied);
      expect(res.status).toBe(403);
    }
    expect((await get(`/api/playbook/run/${openRun}/status`, denied)).status).toBe(200);
    // the rpc cannot narrow per run: it refuses such a reader rather than answer the denied run
    expect((await get(`/api/db/rpc/get_playbook_run_actions?run_id=${hiddenRun}`, denied)).status).toBe(403);
    const plain = await server.fetch(`/api/playbook/run/${hiddenRun}`, { as: 'editor' });
    expect(plain.status).toBe(200);
  });

  it('are not sent on the live stream', async () => {
    const allowed = await openStream(server.url, server.headers('editor'));
    const refused = await openStream(server.url, denied);
    streams.push(allowed, refused);
    const fresh = (await run(server, { id: hidden })).run_id;
    await allowed.next((e) => e.event === 'playbook_run' && e.data.id === fresh);
    // an event the denied reader may read, sent after: once it arrives the run's would have too
    const incident = await server.fetch('/api/db/incidents', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'marker' }),
    });
    expect(incident.status).toBe(201);
    await refused.next((e) => e.event === 'incident');
    expect(refused.events.some((e) => e.event === 'playbook_run' && e.data.id === fresh)).toBe(false);
  });
});
