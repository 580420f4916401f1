import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Role } from '../../rbac/resources.js';
import { createIdentity, upsertCredential } from '../people/identities.js';
import { setRoles } from '../people/roles.js';

/** Keeps a flow error for the UI's error page to fetch by id (`/self-service/errors?id=`). */
export async function storeFlowError(db: Kysely<Database>, error: unknown): Promise<string> {
  const stored = await db
    .insertInto('selfservice_errors')
    .values({ error: JSON.stringify(error) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return stored.id;
}

/** A kept flow error by id. */
export async function flowError(db: Kysely<Database>, id: string) {
  return db.selectFrom('selfservice_errors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The emails the courier kept, newest first, for one recipient or all. */
export async function keptEmails(db: Kysely<Database>, recipient: string | undefined, limit: number) {
  let q = db
    .selectFrom('courier_messages')
    .select(['id', 'created_at', 'recipient', 'template_type', 'subject', 'body', 'status', 'error'])
    .orderBy('created_at', 'desc')
    .limit(limit);
  if (recipient) q = q.where('recipient', '=', recipient.trim().toLowerCase());
  return q.execute();
}

/** A flow of any kind by id (the OIDC callback names it in its state), or undefined. */
export async function flowById(db: Kysely<Database>, id: string) {
  return db.selectFrom('selfservice_flows').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Signs up an identity from a provider's account in one transaction: the identity, its provider
 * link (`provider:subject`) and, when given, its first role. Throws DuplicateIdentityError when
 * the email is taken.
 */
export async function createOidcIdentity(
  db: Kysely<Database>,
  input: {
    email: string;
    name: { first: string; last: string };
    verified: boolean;
    provider: string;
    subject: string;
    role: Role | undefined;
    now: Date;
  },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const id = await createIdentity(trx, {
      traits: { email: input.email, name: input.name },
      verified: input.verified,
      now: input.now,
    });
    const link = { provider: input.provider, subject: input.subject };
    await upsertCredential(trx, id, 'oidc', { providers: [link] }, [`${link.provider}:${link.subject}`]);
    if (input.role) await setRoles(trx, id, [input.role]);
    return id;
  });
}
