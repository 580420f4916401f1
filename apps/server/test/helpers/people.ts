import { systemClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { addUser } from '../../src/identity/people/bootstrap.js';
import { createAccessToken } from '../../src/identity/tokens/accessTokens.js';
import type { Role } from '../../src/rbac/resources.js';

/**
 * A real person with a password and an access token of an hour: requests signed with the token
 * go through the production authenticator, so the person's permission rows apply.
 */
export async function addPersonWithToken(
  db: Db,
  person: { email: string; first?: string; last?: string; roles: Role[] },
): Promise<{ id: string; token: string }> {
  const id = await addUser({ db, clock: systemClock }, { ...person, password: 'correct-horse-battery' });
  const { token } = await createAccessToken(db.kysely, {
    personId: id,
    name: 'test',
    lifetimeMs: 3_600_000,
    autoRenew: false,
    now: new Date(),
  });
  return { id, token };
}

/** A request signed with a person's access token: its status and parsed JSON body. */
export async function fetchWithToken(
  server: { fetch(path: string, init?: RequestInit & { as?: null }): Promise<Response> },
  who: { token: string },
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await server.fetch(path, {
    as: null,
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field by the tests
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any };
}
