import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/rbac/resources.js';
import { startTestServer, type TestServer, testSubjectId } from '../helpers/index.js';
import { buildPerson } from './builders.js';

// The incident timeline names who leads the incident: commander and communicator changes.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['admin', 'responder', 'commander'] as Role[]) await buildPerson(server.db.kysely, role);
});
afterAll(async () => {
  await server?.close();
});

const client = (who: Role) => new PostgrestClient(`${server.url}/api/db`, { headers: server.headers(who) });

describe('incident timeline: commander and communicator', () => {
  it('records setting, changing and clearing them, authored by who made the change', async () => {
    const created = await client('responder').from('incidents').insert({ title: 'Queue backlog' }).select().single();
    const id = (created.data as { id: string }).id;
    const set = async (who: Role, values: Record<string, string | null>) => {
      const res = await client(who).from('incidents').update(values).eq('id', id);
      expect(res.status).toBe(204);
    };
    await set('responder', { commander_id: testSubjectId('commander') });
    await set('commander', { communicator_id: testSubjectId('responder'), title: 'Queue backlog on orders' });
    await set('admin', { commander_id: testSubjectId('admin') });
    await set('admin', { commander_id: null });
    await set('admin', { title: 'Queue backlog on orders (EU)' });

    const history = await client('responder')
      .from('incident_histories')
      .select('type,description,created_by')
      .eq('incident_id', id)
      .order('created_at', { ascending: true });
    expect(history.status).toBe(200);
    expect(history.data).toEqual([
      { type: 'incident.created', description: 'Queue backlog', created_by: testSubjectId('responder') },
      { type: 'incident.commander_updated', description: 'The commander', created_by: testSubjectId('responder') },
      { type: 'incident.communicator_updated', description: 'The responder', created_by: testSubjectId('commander') },
      { type: 'incident.commander_updated', description: 'The admin', created_by: testSubjectId('admin') },
      { type: 'incident.commander_updated', description: '', created_by: testSubjectId('admin') },
    ]);
  });
});
