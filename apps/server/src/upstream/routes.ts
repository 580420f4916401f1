import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../http/context.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { receiveDeletes, receivePush } from './receive.js';
import { PUSH_TABLE_NAMES, PUSH_TABLES } from './tables.js';

const row = z.record(z.string(), z.unknown());
const MAX_ROWS = 5000;

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
                (r) => PUSH_TABLES[name].key.every((k) => typeof r[k] === 'string' && r[k] !== ''),
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
async function agentOf(request: FastifyRequest, ctx: AppContext): Promise<{ id: string; name: string }> {
  const subject = request.subject;
  if (!subject) throw unauthorized();
  const agent = await ctx.db.kysely
    .selectFrom('agents')
    .select(['id', 'name'])
    .where('person_id', '=', subject.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
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
  const auth = { auth: 'authenticated' as const };
  r.post('/upstream/push', { config: auth, schema: { body: tablesBody() } }, async (request) => {
    const agent = await agentOf(request, ctx);
    return receivePush(ctx.db.kysely, agent.id, request.body);
  });
  r.delete('/upstream/push', { config: auth, schema: { body: tablesBody() } }, async (request) => {
    const agent = await agentOf(request, ctx);
    return { deleted: await receiveDeletes(ctx.db.kysely, agent.id, request.body) };
  });
  r.get('/upstream/ping', { config: auth }, async (request) => {
    const agent = await agentOf(request, ctx);
    const { rows } = await sql<{ now: Date }>`
      update agents set last_seen = now() where id = ${agent.id}::uuid returning now() as now`.execute(ctx.db.kysely);
    return { id: agent.id, name: agent.name, time: rows[0]?.now };
  });
}
