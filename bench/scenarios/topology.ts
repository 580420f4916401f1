// `npm run bench -- topology [--topologies 100] [--components 100] [--links 2] [--runs 20] [--transitions 1000]
//   [--postgres URL] [--only pglite|postgres]`: `topologies` x `components` components (a root, groups of
// ten leaves) with `links` check links each, seeded in SQL, on the embedded database and a scratch
// PostgreSQL database. Prints p50/p99 of GET /api/canary/api/topology for the root (the Dashboard's
// depth 2 and the API's default 5) and for one topology's subtree, the time of a full roll-up, and
// how long after `transitions` check transitions the roll-up watcher has every component current.
// It prints figures; it never fails on time.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/connection.js';
import { openDatabase } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { recomputeRollups } from '../../apps/server/src/topology/rollup.js';
import { startTopologyWorker } from '../../apps/server/src/topology/worker.js';
import { startTestServer } from '../../apps/server/test/helpers/index.js';
import { scratchPostgres } from '../lib/postgres.js';

interface Options {
  topologies: number;
  components: number;
  links: number;
  runs: number;
  transitions: number;
}

/** Topologies, components (root, groups, leaves with paths), checks and check links, in SQL. */
export async function seed(db: Db, o: Options): Promise<void> {
  const k = db.kysely;
  const leavesPer = o.components - 1 - Math.ceil((o.components - 1) / 11);
  const checks = o.topologies * o.components;
  await sql`insert into canaries (name, spec) values ('bench', '{}'::jsonb)`.execute(k);
  await sql`insert into checks (canary_id, type, name, status, last_transition_time)
    select (select id from canaries where name = 'bench'), 'tcp', 'check-' || i, 'healthy', now() - interval '1 hour'
    from generate_series(1, ${checks}) i`.execute(k);
  await sql`insert into topologies (name, spec, schedule, next_runtime)
    select 'topology-' || t, '{}'::jsonb, '@every 1h', now() + interval '1 hour' from generate_series(1, ${o.topologies}) t`.execute(
    k,
  );
  await sql`insert into components (topology_id, name, external_id, type, path, labels, status, own_status)
    select id, name, name, 'system', '', jsonb_build_object('env', case when random() < 0.5 then 'prod' else 'dev' end), 'unknown', null
    from topologies`.execute(k);
  const groups = Math.ceil(leavesPer / 10);
  await sql`insert into components (topology_id, parent_id, name, external_id, type, path, status)
    select r.topology_id, r.id, 'group-' || g, 'group-' || g, 'group', r.id::text, 'unknown'
    from components r, generate_series(1, ${groups}) g where r.parent_id is null`.execute(k);
  await sql`insert into components (topology_id, parent_id, name, external_id, type, path, status, own_status, properties)
    select g.topology_id, g.id, 'leaf-' || l, 'leaf-' || l, 'service', g.path || '.' || g.id, 'unknown', 'healthy',
           '[{"name":"version","text":"1.0","headline":true}]'::jsonb
    from components g, generate_series(1, 10) l where g.type = 'group'`.execute(k);
  // each component links `links` checks, spread over all of them
  await sql`insert into check_component_relationships (component_id, check_id, canary_id)
    select c.id, k.id, k.canary_id
    from (select id, row_number() over (order by id) as n from components) c
    cross join generate_series(0, ${o.links - 1}) j
    join (select id, canary_id, row_number() over (order by id) as n from checks) k
      on k.n = 1 + ((c.n * ${o.links} + j) % ${checks})`.execute(k);
  await sql`analyze`.execute(k);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function bench(label: string, db: Db, o: Options): Promise<void> {
  let t = performance.now();
  await seed(db, o);
  const counts = await sql<{ c: string; l: string }>`select (select count(*) from components) as c,
    (select count(*) from check_component_relationships) as l`.execute(db.kysely);
  console.log(
    `${label}: ${counts.rows[0]?.c} components, ${counts.rows[0]?.l} check links, seeded in ${ms(performance.now() - t)}`,
  );
  t = performance.now();
  const full = await recomputeRollups(db);
  console.log(`  full roll-up of every component: ${ms(performance.now() - t)} (${full.changed} changed)`);
  const server = await startTestServer({ db });
  try {
    const time = async (path: string) => {
      const out: number[] = [];
      let bytes = 0;
      for (let i = 0; i < o.runs; i++) {
        const s = performance.now();
        const res = await server.fetch(path, { headers: { 'accept-encoding': 'identity' } });
        bytes = (await res.text()).length;
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        out.push(performance.now() - s);
      }
      return `p50 ${ms(pct(out, 50))}  p99 ${ms(pct(out, 99))}  (${(bytes / 1024).toFixed(0)} KiB)`;
    };
    const [root] = (
      await sql<{ id: string }>`select id from components where parent_id is null limit 1`.execute(db.kysely)
    ).rows;
    console.log(
      `  GET topology, root, depth 1 (Dashboard): ${await time('/api/canary/api/topology?depth=1&hidden=false')}`,
    );
    console.log(`  GET topology, root, depth 5 (default):   ${await time('/api/canary/api/topology')}`);
    console.log(`  GET topology, one subtree (?id=):        ${await time(`/api/canary/api/topology?id=${root?.id}`)}`);

    const worker = startTopologyWorker(server.ctx, undefined, { timers: false });
    await worker.tick(); // sets the watermark
    await new Promise((r) => setTimeout(r, 50));
    await sql`update checks set status = 'unhealthy'
      where id in (select id from checks order by id limit ${o.transitions})`.execute(db.kysely);
    t = performance.now();
    await worker.tick();
    const lag = performance.now() - t;
    const stale = await sql<{ n: string }>`
      select count(*) as n from components c
      where exists (select 1 from check_component_relationships r join checks k on k.id = r.check_id
                    where r.component_id = c.id and k.status = 'unhealthy') and c.health <> 'unhealthy'`.execute(
      db.kysely,
    );
    console.log(
      `  ${o.transitions} check transitions: roll-ups current after ${ms(lag)} (one watcher pass); components still stale: ${stale.rows[0]?.n}`,
    );
    await worker.stop();
  } finally {
    await server.close();
  }
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      topologies: { type: 'string', default: '100' },
      components: { type: 'string', default: '100' },
      links: { type: 'string', default: '2' },
      runs: { type: 'string', default: '20' },
      transitions: { type: 'string', default: '1000' },
      postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
      only: { type: 'string' },
    },
  });
  const o: Options = {
    topologies: Number(values.topologies),
    components: Number(values.components),
    links: Number(values.links),
    runs: Number(values.runs),
    transitions: Number(values.transitions),
  };
  if (values.only !== 'postgres') {
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(db);
      await bench('embedded (PGlite)', db, o);
    } finally {
      await db.close();
    }
  }
  if (values.only !== 'pglite') {
    const scratch = await scratchPostgres(values.postgres as string);
    if (!scratch) return;
    try {
      await migrate(scratch.db);
      await bench('PostgreSQL', scratch.db, o);
    } finally {
      await scratch.drop();
    }
  }
}
