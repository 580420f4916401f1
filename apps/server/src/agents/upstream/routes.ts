import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { forbidden, unauthorized } from '../../errors.js';
import { acceptAgentOutcome, nextAgentAction } from './agentActions.js';
import { assignedCanaries, assignedScrapers, assignedTopologies } from './assigned.js';
import { receiveDeletes, receivePush } from './receive.js';
import { agentOfPerson, markAgentSeen, type UpstreamAgent } from './store.js';
import { OPTIONAL_KEYS, PUSH_TABLE_NAMES, PUSH_TABLES } from './tables.js';

const row = z.record(z.string(), z.unknown());
const MAX_ROWS = 5000;
/** Longest long poll for playbook actions, under the agent client's 30 s request timeout. */
const MAX_WAIT_S = 25;

/** A body of `{table: rows[]}`, the tables named in tables.ts; each row carries its key columns. */
function tablesBody() {
  return z
    .object(
      Object.fromEntries(
        PUSH_TABLE_NAMES.map((name) => [
          name,
          z
            .array(
              row.refine(
                (r) =>
                  PUSH_TABLES[name].key.every((k) =>
                    OPTIONAL_KEYS.has(k)
                      ? r[k] === null || typeof r[k] === 'string'
                      : typeof r[k] === 'string' && r[k] !== '',
                  ),
                `${name}: each row needs its key (${PUSH_TABLES[name].key.join(' and ')})`,
              ),
            )
            .max(MAX_ROWS, `${name}: at most ${MAX_ROWS} rows a push`)
            .optional(),
        ]),
      ),
    )
    .strict();
}

/** The agent a request comes from: its access token's owner must be a live agent's person. */
async function agentOf(request: FastifyRequest, ctx: AppContext): Promise<UpstreamAgent> {
  const subject = request.subject;
  if (!subject) throw unauthorized();
  const agent = await agentOfPerson(ctx.db.kysely, subject.id);
  if (!agent) throw forbidden('only an agent (a token from POST /api/agent/generate) may push upstream');
  return agent;
}

/**
 * What agents call on their upstream (docs/agents.md): `POST /upstream/push` stores rows,
 * `DELETE /upstream/push` removes them, `GET /upstream/ping` marks the agent seen. The caller is
 * the agent whose person owns the access token; everything is stamped with that agent's id.
 */
export async function upstreamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // long polls end when the server closes, not after their wait
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const auth = { auth: 'authenticated' as const };
  r.post('/upstream/push', { config: auth, schema: { body: tablesBody() } }, async (request) => {
    const agent = await agentOf(request, ctx);
    return receivePush(ctx.db.kysely, agent, request.body, ctx.config.sandbox.exec);
  });
  r.delete('/upstream/push', { config: auth, schema: { body: tablesBody() } }, async (request) => {
    const agent = await agentOf(request, ctx);
    return { deleted: await receiveDeletes(ctx.db.kysely, agent.id, request.body) };
  });
  r.get('/upstream/ping', { config: auth }, async (request) => {
    const agent = await agentOf(request, ctx);
    return { id: agent.id, name: agent.name, time: await markAgentSeen(ctx.db.kysely, agent.id) };
  });
  // pull: what the upstream assigned to the agent (agent_id, agentSelector), applied by the agent (pull.ts)
  r.get('/upstream/canary/pull', { config: auth }, async (request) => {
    const agent = await agentOf(request, ctx);
    return { canaries: await assignedCanaries(ctx.db.kysely, agent) };
  });
  r.get('/upstream/scrapeconfig/pull', { config: auth }, async (request) => {
    const agent = await agentOf(request, ctx);
    return { scrapers: await assignedScrapers(ctx.db.kysely, agent) };
  });
  r.get('/upstream/topology/pull', { config: auth }, async (request) => {
    const agent = await agentOf(request, ctx);
    return { topologies: await assignedTopologies(ctx.db.kysely, agent) };
  });
  // playbook actions with runsOn the agent: long poll, then the outcome (agentActions.ts)
  r.get(
    '/upstream/playbook-action',
    {
      config: auth,
      schema: {
        querystring: z.object({
          wait: z.coerce.number().int().min(0).max(MAX_WAIT_S, `wait: 0 to ${MAX_WAIT_S} seconds`).default(20),
        }),
      },
    },
    async (request) => {
      const agent = await agentOf(request, ctx);
      const gone = () => closing || request.raw.destroyed || request.raw.socket.destroyed;
      return { action: (await nextAgentAction(ctx, agent.id, request.query.wait * 1000, gone)) ?? null };
    },
  );
  r.post(
    '/upstream/playbook-action/:id',
    {
      config: auth,
      schema: {
        params: z.object({ id: z.uuid({ error: 'id: expected an action id (uuid)' }) }),
        body: z.object({
          ok: z.boolean({ error: 'ok: true when the action succeeded, else false' }),
          result: z.record(z.string(), z.unknown()).default({}),
          error: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const agent = await agentOf(request, ctx);
      return acceptAgentOutcome(ctx, agent.id, request.params.id, request.body);
    },
  );
}
