import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/index.js';
import { restClient, seed } from './fixtures.js';

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

/** Names of the people a filtered query returns, sorted. */
async function names(query: PromiseLike<{ data: { name: string }[] | null; error: unknown }>): Promise<string[]> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return (data ?? []).map((r) => r.name).sort();
}

const people = () => db.from('people').select('name');
const durations = () => db.from('job_history').select('name:duration_millis');

describe('filter operators', () => {
  it('eq, neq', async () => {
    expect(await names(people().eq('name', 'Bob'))).toEqual(['Bob']);
    expect(await names(people().neq('name', 'Bob'))).toEqual(['Ann', 'Cyd', 'Dee']);
  });

  it('gt, gte, lt, lte on numbers and timestamps', async () => {
    const d = async (q: ReturnType<typeof durations>) =>
      (await q).data?.map((r) => r.name).sort((a, b) => Number(a) - Number(b));
    expect(await d(durations().gt('duration_millis', 300))).toEqual([400, 500]);
    expect(await d(durations().gte('duration_millis', 300))).toEqual([300, 400, 500]);
    expect(await d(durations().lt('duration_millis', 200))).toEqual([100]);
    expect(await d(durations().lte('duration_millis', 200))).toEqual([100, 200]);
    const { data } = await db.from('job_history').select('id').gte('created_at', '2026-01-01T00:04:00Z');
    expect(data).toHaveLength(2);
  });

  it('like and ilike with * wildcards', async () => {
    expect(await names(people().like('email', '*@example.com'))).toEqual(['Ann', 'Bob', 'Dee']);
    expect(await names(people().like('name', 'a*'))).toEqual([]);
    expect(await names(people().ilike('name', 'a*'))).toEqual(['Ann']);
    expect(await names(people().likeAnyOf('name', ['A*', 'B*']))).toEqual(['Ann', 'Bob']);
  });

  it('in, with PostgREST quoting of values holding commas and parentheses', async () => {
    expect(await names(people().in('name', ['Ann', 'Cyd']))).toEqual(['Ann', 'Cyd']);
    expect(await names(people().in('title', ['Dev, Ops (lead)', 'SRE']))).toEqual(['Ann', 'Cyd']);
    expect(await names(people().in('name', []))).toEqual([]);
    expect(await names(people().not('name', 'in', '(Ann,Bob)'))).toEqual(['Cyd', 'Dee']);
  });

  it('is null / not null / true / false / unknown', async () => {
    expect(await names(people().is('title', null))).toEqual(['Bob']);
    expect(await names(people().not('title', 'is', null))).toEqual(['Ann', 'Cyd', 'Dee']);
    expect(await names(people().is('deleted_at', null))).toEqual(['Ann', 'Bob', 'Cyd']);
    const agents = (v: boolean | null) => db.from('agents').select('name').is('cleanup', v);
    expect(await names(agents(false))).toEqual(['agent-a', 'agent-b']);
    expect(await names(agents(true))).toEqual([]);
    expect(await names(db.from('agents').select('name').filter('cleanup', 'is', 'unknown'))).toEqual([]);
  });

  it('cs, cd, ov on arrays and JSON; range operators', async () => {
    const items = () => db.from('rest_items').select('name:label');
    expect(await names(items().contains('tags', ['blue']))).toEqual(['alpha', 'beta']);
    expect(await names(items().containedBy('tags', ['blue', 'green']))).toEqual(['beta', 'gamma']);
    expect(await names(items().overlaps('tags', ['red', 'green']))).toEqual(['alpha']);
    expect(await names(items().overlaps('slot', '[4,6)'))).toEqual(['alpha', 'beta']);
    expect(await names(items().rangeGte('slot', '[5,6)'))).toEqual(['beta']);
    expect(await names(people().contains('properties', { tags: ['oncall'] }))).toEqual(['Ann']);
    expect(await names(people().containedBy('properties', { level: 1, extra: true }))).toEqual(['Bob']);
  });

  it('match, imatch, isdistinct and full-text search', async () => {
    expect(await names(people().match({ name: 'Ann' }))).toEqual(['Ann']);
    expect(await names(people().filter('name', 'imatch', '^[ab]'))).toEqual(['Ann', 'Bob']);
    expect(await names(people().filter('title', 'isdistinct', 'SRE'))).toEqual(['Bob', 'Cyd', 'Dee']);
    expect(await names(people().textSearch('title', 'lead'))).toEqual(['Cyd']);
    expect(await names(people().textSearch('title', 'ops lead', { type: 'plain', config: 'english' }))).toEqual([
      'Cyd',
    ]);
  });

  it('filters on JSON paths', async () => {
    expect(await names(people().eq('properties->>level', '3'))).toEqual(['Ann']);
    expect(await names(people().gt('properties->level', 0))).toEqual(['Ann', 'Bob']);
    const { data } = await db.from('job_history').select('id').eq('details->host->>name', 'h1');
    expect(data).toHaveLength(2);
  });
});

describe('not., or=(), and=()', () => {
  it('negates any operator with not.', async () => {
    expect(await names(people().not('name', 'eq', 'Ann'))).toEqual(['Bob', 'Cyd', 'Dee']);
    expect(await names(people().not('name', 'like', '*n*'))).toEqual(['Bob', 'Cyd', 'Dee']);
  });

  it('ors conditions, quoting values with commas and parentheses', async () => {
    expect(await names(people().or('name.eq.Ann,title.eq."Dev, Ops (lead)"'))).toEqual(['Ann', 'Cyd']);
    expect(await names(people().or('name.in.(Ann,Bob),email.is.null'))).toEqual(['Ann', 'Bob', 'Cyd']);
  });

  it('nests and() and not.or() inside or()', async () => {
    const q = people().or('and(title.is.null,name.eq.Bob),not.or(name.neq.Cyd,email.not.is.null)');
    expect(await names(q)).toEqual(['Bob', 'Cyd']);
  });

  it('ands an and=() with other filters', async () => {
    const url = `/api/db/people?select=name&and=(name.gte.B,name.lte.D)&email=not.is.null`;
    const res = await server.fetch(url);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ name: 'Bob' }]);
  });

  it('filters JSON paths and embedded resources inside or()', async () => {
    expect(await names(people().or('properties->>level.eq.1,name.eq.Cyd'))).toEqual(['Bob', 'Cyd']);
    const { data } = await db
      .from('teams')
      .select('name,people!people_team_id_fkey(name)')
      .or('name.eq.Ann,name.eq.Cyd', { referencedTable: 'people' })
      .order('name');
    expect(data).toEqual([
      { name: 'dev', people: [{ name: 'Cyd' }] },
      { name: 'ops', people: [{ name: 'Ann' }] },
    ]);
  });
});

describe('values the database refuses', () => {
  it('answers 400 for a malformed full-text query', async () => {
    const { error, status } = await db.from('people').select('name').textSearch('title', '&');
    expect(status).toBe(400);
    expect(error?.code).toBe('42601');
    expect(error?.message).toMatch(/^syntax error in tsquery/);
  });

  it('answers 400 for a search term ending in a lone backslash', async () => {
    const { error, status } = await db.from('people').select('name').textSearch('title', '\\');
    expect(status).toBe(400);
    expect(error?.code).toBe('42601');
    expect(error?.message).toBe('there is no escaped character: "\\"');
  });
});
