import { randomDigits, safeEqual, sha256 } from '../../crypto/tokens.js';
import type { IdentityDeps } from '../deps.js';

const MAX_ATTEMPTS = 5;

function digest(flowId: string, code: string): string {
  return sha256(`${flowId}:${code}`);
}

/**
 * Issues a 6-digit code for a recovery or verification flow (replacing any earlier one of that
 * flow) and returns it for the email. Only its digest is stored.
 */
export async function issueCode(
  deps: IdentityDeps,
  input: {
    flowId: string;
    kind: 'recovery' | 'verification';
    identityId: string | null;
    address: string;
    lifespanMs: number;
  },
): Promise<string> {
  const code = randomDigits(6);
  const now = deps.clock.now();
  await deps.db.kysely
    .updateTable('identity_codes')
    .set({ used_at: now })
    .where('flow_id', '=', input.flowId)
    .where('used_at', 'is', null)
    .execute();
  await deps.db.kysely
    .insertInto('identity_codes')
    .values({
      flow_id: input.flowId,
      kind: input.kind,
      identity_id: input.identityId,
      address: input.address,
      code_hash: digest(input.flowId, code),
      expires_at: new Date(now.getTime() + input.lifespanMs),
    })
    .execute();
  return code;
}

/**
 * Spends the flow's current code when `code` matches. Each wrong guess counts; after five the
 * code is void, so six digits cannot be brute-forced within a flow.
 */
export async function useCode(
  deps: IdentityDeps,
  flowId: string,
  code: string,
): Promise<{ identityId: string | null; address: string } | undefined> {
  const now = deps.clock.now();
  const row = await deps.db.kysely
    .selectFrom('identity_codes')
    .selectAll()
    .where('flow_id', '=', flowId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row || row.attempts >= MAX_ATTEMPTS) return undefined;
  if (!safeEqual(digest(flowId, code.trim()), row.code_hash)) {
    await deps.db.kysely
      .updateTable('identity_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    return undefined;
  }
  await deps.db.kysely.updateTable('identity_codes').set({ used_at: now }).where('id', '=', row.id).execute();
  return { identityId: row.identity_id, address: row.address };
}
