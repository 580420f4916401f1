import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { run, seedPlaybook, status, worker } from './helpers.js';

/** Child runs (`parent_id` on POST /api/playbook/run, reference backend.md 2): checked, stored, listed. */

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
});
