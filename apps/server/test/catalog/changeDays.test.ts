import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactChangeDays } from '../../src/catalog/changeDays.js';
import { applyScraperRetention } from '../../src/catalog/retention/job.js';
import { ManualClock } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/index.js';

// config_change_days (migration 192), the summary's change counts per day and item key, against
// a raw count of config_changes after every kind of write: bulk and single inserts, dedupe
// updates across midnight, items re-typed, soft deleted, revived and hard deleted, changes
// deleted by hand and by retention, compaction; and the summary's answers (whole days from the
// counts, the partial first day raw) against a raw count of the same window.

const clock = new ManualClock(new Date('2026-03-20T15:30:00Z'));
let server: TestServer;
let scraperId: string;
const AGENT = '00000000-0000-0000-0000-000000000000';
const OTHER_AGENT = '00000000-0000-4000-a000-0000000000aa';
const item = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;
const DAY = 86_400_000;
const at = (msBeforeNow: number) => new Date(clock.now().getTime() - msBeforeNow).toISOString();

const k = () => server.db.kysely;

/** (day, type, class, agent, live) -> count, from the day counts and from the changes themselves. */
async function both(): Promise<{ days: string[]; raw: string[] }> {
  const days = await sql<{ key: string }>`
    select concat_ws('|', day::text, type, config_class, agent_id::text, live::text, sum(changes)::text) as key
    from config_change_days group by day, type, config_class, agent_id, live having sum(changes) <> 0
    order by 1`.execute(k());
  const raw = await sql<{ key: string }>`
    select concat_ws('|', r.day::text, r.type, r.config_class, r.agent_id::text, r.live::text, count(*)::text) as key
    from (
      select (cc.created_at at time zone 'UTC')::date as day, ci.type, ci.config_class, ci.agent_id,
        ci.deleted_at is null as live
      from config_changes cc join config_items ci on ci.id = cc.config_id
    ) r group by r.day, r.type, r.config_class, r.agent_id, r.live order by 1`.execute(k());
  return { days: days.rows.map((r) => r.key), raw: raw.rows.map((r) => r.key) };
}

async function expectExact(): Promise<void> {
  const { days, raw } = await both();
  expect(days).toEqual(raw);
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  const { rows } = await sql<{ id: string }>`
    insert into config_scrapers (name, spec) values ('days', '{"file":[]}'::jsonb) returning id`.execute(k());
  scraperId = rows[0]?.id as string;
  // 12 items: pods and deployments, one of another agent, all live
  await sql`
    insert into config_items (id, scraper_id, config_class, type, name, agent_id, health)
    select ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid, ${scraperId},
      case when g % 3 = 0 then 'Deployment' else 'Pod' end,
      case when g % 3 = 0 then 'Kubernetes::Deployment' else 'Kubernetes::Pod' end,
      'item-' || g, case when g = 12 then ${OTHER_AGENT}::uuid else ${AGENT}::uuid end, 'healthy'
    from generate_series(1, 12) g`.execute(k());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('config_change_days', () => {
  it('counts bulk and single inserts per UTC day and item key', async () => {
    // 600 changes every 97 minutes back over 40 days, spread over the items
    await sql`
      insert into config_changes (config_id, change_type, created_at, fingerprint)
      select ('00000000-0000-4000-a000-' || lpad((1 + g % 12)::text, 12, '0'))::uuid,
        (array['diff', 'Scaled', 'Deployed'])[1 + g % 3], ${clock.now()}::timestamptz - g * interval '97 minutes',
        'fp-' || (g % 7)
      from generate_series(0, 599) g`.execute(k());
    await k()
      .insertInto('config_changes')
      .values({ config_id: item(2), change_type: 'diff', created_at: '2026-03-19T23:59:59.999Z' })
      .execute();
    // a health transition writes its change through the items trigger
    await k().updateTable('config_items').set({ health: 'unhealthy' }).where('id', '=', item(4)).execute();
    await expectExact();
  });

  it('moves a count when a dedupe update moves a change to another day or item', async () => {
    const { rows } = await sql<{ id: string }>`
      select id from config_changes where config_id = ${item(2)} and created_at = '2026-03-19T23:59:59.999Z'`.execute(
      k(),
    );
    await k()
      .updateTable('config_changes')
      .set({ created_at: new Date('2026-03-20T00:00:00.001Z'), count: sql`count + 1` })
      .where('id', '=', rows[0]?.id as string)
      .execute();
    await expectExact();
    await sql`update config_changes set config_id = ${item(3)} where config_id = ${item(5)} and change_type = 'Scaled'`.execute(
      k(),
    );
    // an update that moves nothing (same day, same item) writes no count
    const before = await sql<{ n: number }>`select count(*)::int as n from config_change_days`.execute(k());
    await sql`update config_changes set summary = 'touched', created_at = created_at + interval '1 millisecond'
      where config_id = ${item(7)} and extract(hour from created_at at time zone 'UTC') between 1 and 22`.execute(k());
    const after = await sql<{ n: number }>`select count(*)::int as n from config_change_days`.execute(k());
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    await expectExact();
  });

  it('moves an item’s counts when it is re-typed, re-classed, soft deleted or revived', async () => {
    await k()
      .updateTable('config_items')
      .set({ type: 'Kubernetes::StatefulSet', config_class: 'StatefulSet' })
      .where('id', '=', item(6))
      .execute();
    await expectExact();
    await k()
      .updateTable('config_items')
      .set({ deleted_at: clock.now(), delete_reason: 'STALE' })
      .where('id', 'in', [item(1), item(9)])
      .execute();
    await expectExact();
    // deleted again at another time: still deleted, nothing moves
    await k()
      .updateTable('config_items')
      .set({ deleted_at: at(-1000) })
      .where('id', '=', item(1))
      .execute();
    await k()
      .updateTable('config_items')
      .set({ deleted_at: null, delete_reason: null })
      .where('id', '=', item(9))
      .execute();
    await k().updateTable('config_items').set({ agent_id: OTHER_AGENT }).where('id', '=', item(10)).execute();
    await expectExact();
  });

  it('takes deleted changes off: by hand, by retention (age and count) and with a deleted item', async () => {
    await sql`delete from config_changes where config_id = ${item(8)} and created_at < ${at(20 * DAY)}`.execute(k());
    await expectExact();
    const out = await applyScraperRetention(
      server.db,
      scraperId,
      {
        changes: [
          { name: 'Deployed', age: '30d' },
          { name: 'Scaled', count: 3 },
        ],
      },
      clock.now(),
    );
    expect(out.changesDeleted).toBeGreaterThan(50);
    await expectExact();
    await k().deleteFrom('config_items').where('id', '=', item(11)).execute();
    await expectExact();
  });

  it('compacts to one row per key without changing a count', async () => {
    const before = await both();
    const folded = await compactChangeDays(server.db);
    expect(folded).toBeGreaterThan(0);
    const dupes = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from config_change_days
        group by day, type, config_class, agent_id, live having count(*) > 1) d`.execute(k());
    expect(dupes.rows[0]?.n).toBe(0);
    const zero = await sql<{ n: number }>`select count(*)::int as n from config_change_days where changes = 0`.execute(
      k(),
    );
    expect(zero.rows[0]?.n).toBe(0);
    expect(await both()).toEqual(before);
    expect(await compactChangeDays(server.db)).toBe(0);
  });
});

describe('POST /api/catalog/summary over the day counts', () => {
  const summary = async (body: Record<string, unknown>) => {
    const res = await server.fetch('/api/catalog/summary', {
      method: 'POST',
      as: 'viewer',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Array<Record<string, unknown>>;
  };
  /** Changes since `from` per class and type (live items unless `deleted`), counted raw. */
  const rawCounts = async (from: Date, deleted = false, agent = false) => {
    const { rows } = await sql<{ key: string; n: number }>`
      select concat_ws('|', ci.config_class, ci.type${agent ? sql`, ci.agent_id::text` : sql``}) as key, count(*)::int as n
      from config_changes cc join config_items ci on ci.id = cc.config_id
      where cc.created_at >= ${from} and (${deleted} or ci.deleted_at is null) group by 1`.execute(k());
    return Object.fromEntries(rows.map((r) => [r.key, r.n]));
  };
  const answered = (rows: Array<Record<string, unknown>>, agent = false) =>
    Object.fromEntries(
      rows
        .filter((r) => (r.changes as number) > 0)
        .map((r) => [[r.config_class, r.type, ...(agent ? [r.agent_id] : [])].join('|'), r.changes]),
    );

  it('answers what a raw count of the window answers, partial first day included', async () => {
    // dedupe-like writes after the compaction: deltas and compacted rows together
    await k()
      .insertInto('config_changes')
      .values([
        { config_id: item(2), change_type: 'diff', created_at: at(30 * 60_000) },
        { config_id: item(3), change_type: 'diff', created_at: at(10 * DAY + 3_600_000) },
      ])
      .execute();
    const windows: Array<[string, number]> = [
      ['30d', 30 * DAY],
      ['7d', 7 * DAY],
      ['36h', 36 * 3_600_000],
      ['1h', 3_600_000],
      ['45d', 45 * DAY],
    ];
    for (const [since, ms] of windows) {
      const from = new Date(clock.now().getTime() - ms);
      const rows = await summary({ groupBy: ['config_class', 'type'], changes: { since } });
      expect(answered(rows), since).toEqual(await rawCounts(from));
      const all = await summary({ groupBy: ['config_class', 'type', 'agent_id'], changes: { since }, deleted: true });
      expect(answered(all, true), `${since} deleted`).toEqual(await rawCounts(from, true, true));
    }
  });

  it('counts raw when a filter the day counts do not carry is set, and agrees with them', async () => {
    const since = new Date(clock.now().getTime() - 30 * DAY);
    const filtered = await summary({ groupBy: ['type'], changes: { since: '30d' }, health: 'healthy,unhealthy' });
    const plain = await summary({ groupBy: ['type'], changes: { since: '30d' } });
    // every live item here is healthy or unhealthy: the same counts both ways
    expect(filtered.map((r) => [r.type, r.changes])).toEqual(plain.map((r) => [r.type, r.changes]));
    const pods = await summary({ groupBy: ['type'], changes: { since: '30d' }, type: 'Kubernetes::Pod' });
    const raw = await rawCounts(since);
    expect(pods.map((r) => [r.type, r.changes])).toEqual([['Kubernetes::Pod', raw['Pod|Kubernetes::Pod']]]);
  });
});
