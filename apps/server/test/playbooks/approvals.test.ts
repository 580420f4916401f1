import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { run, seedPerson, seedPlaybook, status, worker } from './helpers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedPerson(server, 'admin');
  await seedPerson(server, 'editor');
  await seedPerson(server, 'commander');
  const responder = await seedPerson(server, 'responder');
  const team = await server.db.kysely
    .insertInto('teams')
    .values({ name: 'ops' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.kysely.insertInto('team_members').values({ team_id: team.id, person_id: responder }).execute();
});
afterAll(async () => {
  await server?.close();
});

const approve = (
  runId: string,
  as: Parameters<TestServer['fetch']>[1] extends infer I ? (I extends { as?: infer A } ? A : never) : never,
) => server.fetch(`/api/playbook/run/approve/${runId}`, { method: 'POST', as });

describe('approvals', () => {
  it('waits for one listed approver with type any', async () => {
    const id = await seedPlaybook(
      server,
      {
        approval: { type: 'any', approvers: { people: ['editor@example.com', 'admin@example.com'] } },
        actions: [{ name: 'a', exec: { script: 'echo ok' } }],
      },
      'any',
    );
    const { run_id } = await run(server, { id }, 'admin');
    await worker(server).drain();
    expect((await status(server, run_id)).run.status).toBe('pending_approval');
    const res = await approve(run_id, 'editor');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'playbook run approved' });
    await worker(server).drain();
    expect((await status(server, run_id)).run.status).toBe('completed');
    const approvals = await server.fetch(`/api/db/playbook_approvals?run_id=eq.${run_id}&select=person_id`);
    expect(await approvals.json()).toHaveLength(1);
  });

  it('waits for every person and team with type all', async () => {
    const id = await seedPlaybook(
      server,
      {
        approval: { type: 'all', approvers: { people: ['editor@example.com'], teams: ['ops'] } },
        actions: [{ name: 'a', exec: { script: 'echo ok' } }],
      },
      'all',
    );
    const { run_id } = await run(server, { id });
    expect((await approve(run_id, 'editor')).status).toBe(200);
    await worker(server).drain();
    expect((await status(server, run_id)).run.status).toBe('pending_approval');
    // the responder approves as a member of the ops team; the role still needs playbook:approve
    const refused = await approve(run_id, 'responder');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-rbac-action')).toBe('playbook:approve');
    const granted = await server.fetch(`/api/playbook/run/approve/${run_id}`, {
      method: 'POST',
      as: { id: '00000000-0000-4000-8000-000000000004', roles: ['editor'] },
    });
    expect(granted.status).toBe(200);
    await worker(server).drain();
    expect((await status(server, run_id)).run.status).toBe('completed');
  });

  it('refuses an approver who is not listed, and a run that is not waiting', async () => {
    const id = await seedPlaybook(
      server,
      {
        approval: { approvers: { people: ['editor@example.com'] } },
        actions: [{ name: 'a', exec: { script: 'true' } }],
      },
      'listed',
    );
    const { run_id } = await run(server, { id });
    const res = await approve(run_id, 'admin');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toContain('not an approver');
    expect((await approve(run_id, 'editor')).status).toBe(200);
    const again = await approve(run_id, 'editor');
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toContain('not waiting for approval');
  });
});
