import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testSubjectId } from '../helpers/index.js';
import { run, seedPerson, seedPlaybook, status, worker } from './helpers.js';

/** The approval gate holds against whoever it binds: no approving one's own run, no editing it away. */

let server: TestServer;
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  server = await startTestServer();
  await seedPerson(server, 'admin');
  await seedPerson(server, 'editor');
  await seedPerson(server, 'commander');
});
afterAll(async () => {
  await server?.close();
});

const approve = (runId: string, as: 'editor' | 'admin' | 'commander') =>
  server.fetch(`/api/playbook/run/approve/${runId}`, { method: 'POST', as });
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('self-approval', () => {
  it('refuses a requester approving their own run, and lets another approver approve it', async () => {
    const id = await seedPlaybook(
      server,
      {
        approval: { approvers: { people: ['editor@example.com', 'commander@example.com'] } },
        actions: [{ name: 'a', http: { url: 'http://127.0.0.1:1' } }],
      },
      'self',
    );
    const { run_id } = await run(server, { id }, 'editor');
    const own = await approve(run_id, 'editor');
    expect(own.status).toBe(403);
    expect(await message(own)).toContain('you started this run');
    await worker(server).drain();
    expect((await status(server, run_id)).run.status).toBe('pending_approval');
    const commanderGrant = await server.fetch(`/api/playbook/run/approve/${run_id}`, {
      method: 'POST',
      as: { id: testSubjectId('commander'), roles: ['editor'] },
    });
    expect(commanderGrant.status).toBe(200);
    expect((await status(server, run_id)).run.status).not.toBe('pending_approval');
  });

  it('lets the requester approve when the playbook says allowSelfApproval', async () => {
    const id = await seedPlaybook(
      server,
      {
        approval: { approvers: { people: ['editor@example.com'] }, allowSelfApproval: true },
        actions: [{ name: 'a', http: { url: 'http://127.0.0.1:1' } }],
      },
      'self-allowed',
    );
    const { run_id } = await run(server, { id }, 'editor');
    expect((await approve(run_id, 'editor')).status).toBe(200);
  });
});

describe('changing a gated playbook', () => {
  const gated = {
    approval: { approvers: { people: ['commander@example.com'] } },
    actions: [{ name: 'a', http: { url: 'http://127.0.0.1:1' } }],
  };
  let id = '';

  beforeAll(async () => {
    const made = await server.fetch('/api/db/playbooks', {
      method: 'POST',
      headers: { ...json, prefer: 'return=representation' },
      body: JSON.stringify({ name: 'gated', spec: gated }),
      as: 'admin',
    });
    expect(made.status).toBe(201);
    id = ((await made.json()) as Array<{ id: string }>)[0]?.id ?? '';
  });

  const spec = async () =>
    (
      (await (await server.fetch(`/api/db/playbooks?id=eq.${id}&select=spec`)).json()) as Array<{
        spec: Record<string, unknown>;
      }>
    )[0]?.spec;

  it('refuses an editor who is not an approver: PATCH dropping approval, any PATCH, upsert, DELETE', async () => {
    const ungated = { actions: gated.actions };
    const drop = await server.fetch(`/api/db/playbooks?id=eq.${id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ spec: ungated }),
      as: 'editor',
    });
    expect(drop.status).toBe(403);
    expect(await message(drop)).toContain('only an admin or one of its approvers');
    const retitle = await server.fetch(`/api/db/playbooks?id=eq.${id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ title: 'renamed' }),
      as: 'editor',
    });
    expect(retitle.status).toBe(403);
    const upsert = await server.fetch('/api/db/playbooks', {
      method: 'POST',
      headers: { ...json, prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({ id, name: 'gated', spec: ungated }),
      as: 'editor',
    });
    expect(upsert.status).toBe(403);
    const del = await server.fetch(`/api/db/playbooks?id=eq.${id}`, { method: 'DELETE', as: 'editor' });
    expect(del.status).toBe(403);
    expect(await spec()).toMatchObject({ approval: { approvers: { people: ['commander@example.com'] } } });
  });

  it('lets a listed approver holding playbook:approve, and an admin, change it', async () => {
    const asApprover = await server.fetch(`/api/db/playbooks?id=eq.${id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ title: 'by the approver' }),
      as: { id: testSubjectId('commander'), roles: ['editor'] },
    });
    expect(asApprover.status).toBe(204);
    const asAdmin = await server.fetch(`/api/db/playbooks?id=eq.${id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ spec: { actions: gated.actions } }),
      as: 'admin',
    });
    expect(asAdmin.status).toBe(204);
    expect((await spec())?.approval).toBeUndefined();
    // once ungated, an editor may change it again
    const editor = await server.fetch(`/api/db/playbooks?id=eq.${id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ title: 'editor again' }),
      as: 'editor',
    });
    expect(editor.status).toBe(204);
  });
});
