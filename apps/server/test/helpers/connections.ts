import { connectionSecretBox } from '../../src/connections/secrets.js';
import { prepareConnectionRow } from '../../src/connections/service.js';
import type { TestServer } from './server.js';

/** Stores a connection as the connections API would (secrets sealed) and answers its id. */
export async function storeConnection(server: TestServer, input: Record<string, unknown>): Promise<string> {
  const row = prepareConnectionRow(input, connectionSecretBox(server.ctx.config));
  const saved = await server.db.kysely
    .insertInto('connections')
    .values(row as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}
