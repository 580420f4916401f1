import type { FastifyRequest } from 'fastify';
import type { Role } from '../../rbac/resources.js';
import type { IdentityDeps } from '../deps.js';
import { createFlow } from '../flows/flows.js';
import { sendRecoveryCode } from '../flows/recovery.js';
import { createIdentity } from './identities.js';
import { setRoles } from './roles.js';

/** How long an invitation's recovery code stays usable. */
const INVITE_LIFESPAN = 24 * 3_600_000;

/**
 * Invites a person: creates the identity (no password yet) with `role`, and emails a recovery
 * code with a link to set a password. Throws DuplicateIdentityError for a taken email.
 */
export async function inviteUser(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: { firstName: string; lastName: string; email: string; role: Role },
): Promise<string> {
  const now = deps.clock.now();
  const id = await deps.db.kysely.transaction().execute(async (trx) => {
    const identityId = await createIdentity(trx, {
      traits: { email: input.email, name: { first: input.firstName, last: input.lastName } },
      now,
    });
    await setRoles(trx, identityId, [input.role]);
    return identityId;
  });
  // unbound browser flow: the invitee's browser binds it to its CSRF cookie on first open
  const flow = await createFlow(deps, {
    kind: 'recovery',
    type: 'browser',
    state: 'sent_email',
    requestUrl: `${request.protocol}://${request.host}${request.url}`,
    csrfToken: '',
    internal: { email: input.email.trim().toLowerCase() },
    lifespanMs: INVITE_LIFESPAN,
  });
  await sendRecoveryCode(deps, request, flow, input.email.trim().toLowerCase(), true);
  return id;
}
