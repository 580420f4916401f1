import { systemClock } from '../../src/clock.js';
import type { Db } from '../../src/db/connection.js';
import { createAccessToken } from '../../src/identity/accessTokens.js';
import { addUser } from '../../src/identity/bootstrap.js';
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
