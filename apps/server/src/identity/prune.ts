import type { IdentityDeps } from './deps.js';

const DAY = 24 * 3_600_000;
let last = 0;

/**
 * Deletes what can no longer be used: flows a day past expiry (with their codes), sessions a week
 * past expiry or revocation, flow errors older than a week. Runs at most once an hour per
 * process, piggybacking on flow creation, so no scheduler is needed for it.
 */
export async function pruneExpired(deps: IdentityDeps, force = false): Promise<void> {
  const now = deps.clock.now().getTime();
  if (!force && now - last < 3_600_000) return;
  last = now;
  const db = deps.db.kysely;
  await db
    .deleteFrom('selfservice_flows')
    .where('expires_at', '<', new Date(now - DAY))
    .execute();
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', new Date(now - 7 * DAY)),
        eb.and([eb('active', '=', false), eb('updated_at', '<', new Date(now - 7 * DAY))]),
      ]),
    )
    .execute();
  await db
    .deleteFrom('selfservice_errors')
    .where('created_at', '<', new Date(now - 7 * DAY))
    .execute();
}
