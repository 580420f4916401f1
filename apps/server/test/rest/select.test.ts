import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { ids, restClient, seed } from './fixtures.js';

let server: TestServer;
let db: ReturnType<typeof restClient>;
beforeAll(async () => {
  server = await startTestServer();
  await seed(server);
  db = restClient(server);
});
afterAll(async () => {
  await server?.close();
});

describe('select: columns, aliases, casts, JSON paths', () => {
  it('returns the chosen columns in order, with aliases', async () => {
    const { data, error, status } = await db.from('people').select('id,fullName:name').eq('id', ids.ann);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: ids.ann, fullName: 'Ann' }]);
  });

  it('returns every column for *, with timestamps as PostgREST writes them', async () => {
    const { data } = await db.from('teams').select('*').eq('name', 'ops').single();
    expect(Object.keys(data as object)).toEqual([
      'id',
      'name',
      'icon',
      'spec',
      'source',
      'created_by',
      'created_at',
      'updated_at',
      'deleted_at',
    ]);
    expect((data as { spec: unknown }).spec).toEqual({ tier: 'gold' });
    expect((data as { created_at: string }).created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
  });

  it('casts a column and reads JSON paths with -> and ->>', async () => {
    const { data, error } = await db
      .from('people')
      .select('name,level:properties->level,firstTag:properties->tags->>0,levelText:properties->>level,idText:id::text')
      .eq('id', ids.ann);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Ann', level: 3, firstTag: 'oncall', levelText: '3', idText: ids.ann }]);
    const { data: bare } = await db.from('people').select('properties->tags').eq('id', ids.ann);
    expect(bare).toEqual([{ tags: ['oncall'] }]);
  });
});

describe('select: stripped nulls', () => {
  it('leaves out null values for nulls=stripped, in embedded objects too', async () => {
    const { data } = await db
      .from('agents')
      .select('name,description,owner:person_id(name,title)')
      .order('name')
      .stripNulls();
    expect(data).toEqual([{ name: 'agent-a', owner: { name: 'Ann', title: 'SRE' } }, { name: 'agent-b' }]);
  });
});

describe('select: embedding through foreign keys', () => {
  it('embeds a many-to-one resource as an object by its foreign-key column', async () => {
    const { data, error } = await db.from('teams').select('name,created_by(id,name)').order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'dev', created_by: { id: ids.bob, name: 'Bob' } },
      { name: 'ops', created_by: { id: ids.ann, name: 'Ann' } },
    ]);
  });

  it('embeds one-to-many resources as arrays, with an alias and a !fk hint', async () => {
    const { data, error } = await db
      .from('teams')
      .select('name,members:people!people_team_id_fkey(name)')
      .eq('name', 'ops')
      .order('name', { referencedTable: 'members' });
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'ops', members: [{ name: 'Ann' }, { name: 'Bob' }] }]);
  });

  it('gives an empty array, not null, when nothing is related', async () => {
    const { data } = await db.from('people').select('name,agents!person_id(name)').eq('id', ids.cyd);
    expect(data).toEqual([{ name: 'Cyd', agents: [] }]);
  });

  it('gives null for a many-to-one resource that is absent', async () => {
    const { data } = await db.from('agents').select('name,owner:person_id(name)').order('name');
    expect(data).toEqual([
      { name: 'agent-a', owner: { name: 'Ann' } },
      { name: 'agent-b', owner: null },
    ]);
  });

  it('embeds many-to-many through a junction table', async () => {
    const { data, error } = await db
      .from('teams')
      .select('name,members:people!team_members(name)')
      .order('name')
      .order('name', { referencedTable: 'members' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'dev', members: [{ name: 'Cyd' }] },
      { name: 'ops', members: [{ name: 'Ann' }, { name: 'Bob' }] },
    ]);
    const ambiguous = await db.from('teams').select('name,people(name)');
    expect(ambiguous.error?.hint).toContain("'people!team_members'");
  });

  it('nests embeddings', async () => {
    const { data, error } = await db
      .from('teams')
      .select('name,team_members(person:person_id(name,agents!person_id(name)))')
      .eq('name', 'ops')
      .order('person_id', { referencedTable: 'team_members' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'ops',
        team_members: [
          { person: { name: 'Ann', agents: [{ name: 'agent-a' }] } },
          { person: { name: 'Bob', agents: [] } },
        ],
      },
    ]);
  });

  it('filters, orders and limits the embedded rows without dropping parents', async () => {
    const { data, error } = await db
      .from('teams')
      .select('name,people!people_team_id_fkey(name)')
      .eq('people.name', 'Bob')
      .order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'dev', people: [] },
      { name: 'ops', people: [{ name: 'Bob' }] },
    ]);
    const limited = await db
      .from('teams')
      .select('name,people!people_team_id_fkey(name)')
      .eq('name', 'ops')
      .order('name', { referencedTable: 'people', ascending: false })
      .limit(1, { referencedTable: 'people' });
    expect(limited.data).toEqual([{ name: 'ops', people: [{ name: 'Bob' }] }]);
  });

  it('with !inner, a filter on the embedded resource filters the parents', async () => {
    const { data, error } = await db
      .from('teams')
      .select('name,people!people_team_id_fkey!inner(name)')
      .eq('people.name', 'Cyd');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'dev', people: [{ name: 'Cyd' }] }]);
    const { data: viaCreator, count } = await db
      .from('teams')
      .select('name,created_by!inner(name)', { count: 'exact' })
      .eq('created_by.name', 'Ann');
    expect(viaCreator).toEqual([{ name: 'ops', created_by: { name: 'Ann' } }]);
    expect(count).toBe(1);
  });

  it('embeds through the foreign keys of views', async () => {
    const { data, error } = await db
      .from('agents_summary')
      .select('name,created_by_name,created_by(email)')
      .order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'agent-a', created_by_name: 'Bob', created_by: { email: 'bob@example.com' } },
      { name: 'agent-b', created_by_name: 'Ann', created_by: { email: 'ann@example.com' } },
    ]);
    // teams_with_status has one row per team and job name; each carries the team's members
    const { data: teams } = await db
      .from('teams_with_status')
      .select('name,team_members(member:person_id)')
      .eq('name', 'dev');
    expect(teams?.length).toBeGreaterThan(0);
    for (const t of teams ?? []) expect(t).toEqual({ name: 'dev', team_members: [{ member: ids.cyd }] });
  });

  it('answers PGRST201 with the candidates when a relationship is ambiguous', async () => {
    const { data, error, status } = await db.from('people').select('name,agents(name)');
    expect(data).toBeNull();
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.hint).toContain("'agents!agents_person_id_fkey'");
  });

  it('answers PGRST200 when no relationship exists', async () => {
    const { error, status } = await db.from('people').select('name,event_queue(name)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
    expect(error?.message).toBe("Could not find a relationship between 'people' and 'event_queue' in the schema cache");
  });
});
