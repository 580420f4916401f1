import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { createAccessToken } from '../../identity/index.js';

/** What registering an agent answers once: its id, its person's username and the token it signs in with. */
export interface RegisteredAgent {
  id: string;
  username: string;
  access_token: string;
}

/**
 * Registers an agent in one transaction: a person of its own (role `agent`), the agent row and an
 * auto-renewing access token. Undefined when a live agent has the name already: a live name is
 * never taken over.
 */
export function registerAgent(
  db: Kysely<Database>,
  input: {
    name: string;
    properties: Record<string, string>;
    createdBy: string | null;
    tokenLifetimeMs: number;
    now: Date;
  },
): Promise<RegisteredAgent | undefined> {
  const { name } = input;
  const username = `agent-${name}`;
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('agents')
      .select('id')
      .where('name', '=', name)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (taken) return undefined;
    const person = await trx
      .insertInto('people')
      .values({ name: `${name} (agent)`, type: 'agent' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('person_roles').values({ person_id: person.id, role: 'agent' }).execute();
    const agent = await trx
      .insertInto('agents')
      .values({
        name,
        username,
        person_id: person.id,
        properties: JSON.stringify(input.properties),
        created_by: input.createdBy,
        admin_registered: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await createAccessToken(trx, {
      personId: person.id,
      name: `agent ${name}`,
      lifetimeMs: input.tokenLifetimeMs,
      autoRenew: true,
      now: input.now,
    });
    return { id: agent.id, username, access_token: token.token };
  });
}
