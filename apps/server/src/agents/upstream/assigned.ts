import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Database, LOCAL_AGENT_ID } from '../../db/types.js';
import { badRequest } from '../../errors.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** What the upstream hands an agent to run: a canary, scraper or topology, by the id both sides use. */
export interface AssignedRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, unknown> | null;
  spec: Record<string, unknown>;
  source: string | null;
}

/** Where the upstream's copies of an `agentSelector` canary come from (one per matching agent). */
export const SELECTOR_SOURCE = 'AgentSelector';

/**
 * Whether an agent name matches an `agentSelector`: `!pattern` excludes, `*` is any run of
 * characters; with no positive pattern every agent not excluded matches.
 */
export function selectorMatches(selector: readonly string[], agentName: string): boolean {
  const re = (p: string) =>
    new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i').test(agentName);
  const positive = selector.filter((p) => !p.startsWith('!'));
  if (selector.some((p) => p.startsWith('!') && re(p.slice(1)))) return false;
  return positive.length === 0 || positive.some(re);
}

/** A row written with `agent_id` must name a live agent (400 naming the field otherwise). */
export async function assertAgent(db: Executor, agentId: unknown, where = ''): Promise<void> {
  if (agentId === undefined || agentId === null || agentId === LOCAL_AGENT_ID) return;
  const ok =
    typeof agentId === 'string' &&
    /^[0-9a-f-]{36}$/i.test(agentId) &&
    (await db
      .selectFrom('agents')
      .select('id')
      .where('id', '=', agentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst());
  if (!ok) throw badRequest(`agent_id${where}: no agent with this id (Settings › Agents)`);
}

/** The id of an agent's copy of a canary: md5 of both ids, as SQL's `md5(parent || agent)::uuid`. */
export function copyId(parentId: string, agentId: string): string {
  const h = createHash('md5')
    .update(parentId + agentId)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Keeps the copies of `agentSelector` canaries for one agent: a copy (id derived from the
 * canary's and the agent's, the selector removed, owned by the agent) for each live local canary
 * whose selector matches the agent's name; copies whose canary is gone or stopped matching are
 * soft-deleted. The upstream never runs the copies: they run on the agent, which pushes results.
 */
async function syncSelectorCopies(trx: Transaction<Database>, agent: { id: string; name: string }): Promise<void> {
  const { rows: parents } = await sql<{ id: string; spec: { agentSelector?: string[] } }>`
    select id, spec from canaries
    where agent_id = ${LOCAL_AGENT_ID}::uuid and deleted_at is null
      and jsonb_array_length(coalesce(spec -> 'agentSelector', '[]'::jsonb)) > 0`.execute(trx);
  const matching = parents.filter((p) => selectorMatches(p.spec.agentSelector ?? [], agent.name)).map((p) => p.id);
  await sql`
    insert into canaries (id, agent_id, name, namespace, labels, annotations, spec, source)
    select md5(p.id::text || ${agent.id})::uuid, ${agent.id}::uuid, p.name, p.namespace, p.labels, p.annotations,
           p.spec - 'agentSelector', ${SELECTOR_SOURCE}
    from canaries p where p.id = any(${matching}::uuid[])
    on conflict (id) do update set name = excluded.name, namespace = excluded.namespace, labels = excluded.labels,
      annotations = excluded.annotations, spec = excluded.spec, deleted_at = null
    where canaries.agent_id = ${agent.id}::uuid
      and (canaries.spec, canaries.name, canaries.namespace, canaries.labels, canaries.deleted_at is null)
        is distinct from (excluded.spec, excluded.name, excluded.namespace, excluded.labels, true)`.execute(trx);
  await sql`
    update canaries set deleted_at = now()
    where agent_id = ${agent.id}::uuid and source = ${SELECTOR_SOURCE} and deleted_at is null
      and id <> all(${matching.map((p) => copyId(p, agent.id))}::uuid[])`.execute(trx);
}

/**
 * The canaries an agent runs for the upstream (`GET /upstream/canary/pull`): every live canary
 * whose `agent_id` is the agent's, the copies of matching `agentSelector` canaries included.
 * The agent's own canaries (pushed up) come too; the agent recognises and skips them.
 */
export async function assignedCanaries(db: Kysely<Database>, agent: { id: string; name: string }) {
  return db.transaction().execute(async (trx) => {
    await syncSelectorCopies(trx, agent);
    const { rows } = await sql<AssignedRow>`
      select id, name, namespace, labels, spec, source from canaries
      where agent_id = ${agent.id}::uuid and deleted_at is null order by id`.execute(trx);
    return rows;
  });
}

/** The topologies assigned to an agent (`GET /upstream/topology/pull`), its own included. */
export async function assignedTopologies(db: Kysely<Database>, agent: { id: string }) {
  const { rows } = await sql<AssignedRow>`
    select id, name, namespace, labels, spec, source from topologies
    where agent_id = ${agent.id}::uuid and deleted_at is null order by id`.execute(db);
  return rows;
}

/** The scrapers assigned to an agent (`GET /upstream/scrapeconfig/pull`), its own included. */
export async function assignedScrapers(db: Kysely<Database>, agent: { id: string }) {
  const { rows } = await sql<AssignedRow>`
    select id, name, namespace, null::jsonb as labels, spec, source from config_scrapers
    where agent_id = ${agent.id}::uuid and deleted_at is null order by id`.execute(db);
  return rows;
}
