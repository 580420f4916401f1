import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRun } from '../../src/playbooks/runs.js';
import { addPersonWithToken, startTestServer, type TestServer } from '../helpers/index.js';
import { run, seedPlaybook, status, worker } from './helpers.js';

/**
 * Child runs (`parent_id` on POST /api/playbook/run): checked, stored,
 * listed. The starter of a child must read the parent run and may run the parent's playbook;
 * triggers (a webhook authenticated by its own secret) start no child runs.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const start = (body: Record<string, unknown>, as: 'admin' | 'viewer' = 'admin') =>
  server.fetch('/api/playbook/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    as,
  });

describe('child runs', () => {
  it('starts a run as the child of another, lists it under the parent and keeps it out of the top-level list', async () => {
    const parentPb = await seedPlaybook(
      server,
      { actions: [{ name: 'a', exec: { script: 'echo parent' } }] },
      'parent',
    );
    const childPb = await seedPlaybook(server, { actions: [{ name: 'b', exec: { script: 'echo child' } }] }, 'child');
    const parent = await run(server, { id: parentPb });
    const missing = await start({ id: childPb, parent_id: '00000000-0000-4000-8000-000000000001' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('parent_id');
    const bad = await start({ id: childPb, parent_id: 'nope' });
    expect(bad.status).toBe(400);
    const child = await run(server, { id: childPb, parent_id: parent.run_id });
    await worker(server).drain();
    expect((await status(server, child.run_id)).run.status).toBe('completed');
    const listed = (await (
      await server.fetch(`/api/db/playbook_runs?parent_id=eq.${parent.run_id}&select=id,parent_id,status`)
    ).json()) as Array<{ id: string; parent_id: string; status: string }>;
    expect(listed).toEqual([{ id: child.run_id, parent_id: parent.run_id, status: 'completed' }]);
    const top = (await (await server.fetch('/api/db/playbook_runs?parent_id=is.null&select=id')).json()) as Array<{
      id: string;
    }>;
    expect(top.map((r) => r.id)).toContain(parent.run_id);
    expect(top.map((r) => r.id)).not.toContain(child.run_id);
    // what the playbook's Job History tab reads (apps/web/src/features/playbooks/jobHistory.ts)
    const jobs = (await (
      await server.fetch(
        `/api/db/playbook_runs?playbook_id=eq.${childPb}&select=id,status,created_at,start_time,end_time,playbook_run_actions(status)`,
      )
    ).json()) as Array<Record<string, unknown>>;
    expect(jobs).toEqual([
      expect.objectContaining({
        id: child.run_id,
        status: 'completed',
        playbook_run_actions: [{ status: 'completed' }],
      }),
    ]);
  });

  it('a person starts a child run only under a parent whose playbook they may run', async () => {
    const parentPb = await seedPlaybook(server, { actions: [{ name: 'a', exec: { script: 'true' } }] }, 'guarded');
    const childPb = await seedPlaybook(server, { actions: [{ name: 'b', exec: { script: 'true' } }] }, 'helper');
    const parent = await run(server, { id: parentPb });
    const person = await addPersonWithToken(server.db, { email: 'child-starter@example.com', roles: [] });
    const grant = async (row: Record<string, unknown>) => {
      const res = await server.fetch('/api/db/permissions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ person_id: person.id, ...row }),
      });
      expect(res.status).toBe(201);
    };
    const asPerson = (body: Record<string, unknown>) =>
      server.fetch('/api/playbook/run', {
        method: 'POST',
        as: null,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
        body: JSON.stringify(body),
      });
    await grant({ action: 'read', object: 'playbooks' });
    await grant({ action: 'playbook:run', object_selector: { playbooks: [{ name: 'helper' }] } });
    // the person may run the child's playbook on its own, not attach it to a run of another
    expect((await asPerson({ id: childPb })).status).toBe(201);
    const refused = await asPerson({ id: childPb, parent_id: parent.run_id });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain(
      "playbook:run on the parent run's playbook guarded is not allowed",
    );
    await grant({ action: 'playbook:run', playbook_id: parentPb });
    const child = await asPerson({ id: childPb, parent_id: parent.run_id });
    expect(child.status).toBe(201);
    const { run_id } = (await child.json()) as { run_id: string };
    const [row] = await server.db.kysely
      .selectFrom('playbook_runs')
      .select('parent_id')
      .where('id', '=', run_id)
      .execute();
    expect(row?.parent_id).toBe(parent.run_id);
  });

  it('a webhook starts top-level runs only, whatever the request names', async () => {
    const other = await seedPlaybook(server, { actions: [{ name: 'a', exec: { script: 'true' } }] }, 'other');
    const hooked = await seedPlaybook(
      server,
      { on: { webhook: { path: 'child-hook' } }, actions: [{ name: 'a', exec: { script: 'true' } }] },
      'hooked',
    );
    const parent = await run(server, { id: other });
    const res = await server.fetch(`/api/playbook/webhook/child-hook?parent_id=${parent.run_id}`, {
      method: 'POST',
      as: null,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ parent_id: parent.run_id }),
    });
    expect(res.status).toBe(201);
    const { run_id } = (await res.json()) as { run_id: string };
    const [row] = await server.db.kysely
      .selectFrom('playbook_runs')
      .select('parent_id')
      .where('id', '=', run_id)
      .execute();
    expect(row?.parent_id).toBeNull();
    // and a trigger's start that names a parent is refused outright
    await expect(startRun(server.ctx, null, { id: hooked, parent_id: parent.run_id })).rejects.toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('a run started by a trigger cannot be a child run'),
    });
  });
});
