import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import '../tables.js';

/** The identity schema's traits: an email and a name. */
export interface Traits {
  email: string;
  name?: { first?: string; last?: string };
}

/** Kratos's identity JSON. Credentials never appear in it. */
export interface IdentityJson {
  id: string;
  schema_id: string;
  schema_url: string;
  state: 'active' | 'inactive';
  state_changed_at: string;
  traits: Traits;
  verifiable_addresses: Array<Record<string, unknown>>;
  recovery_addresses: Array<Record<string, unknown>>;
  metadata_public: unknown;
  created_at: string;
  updated_at: string;
  organization_id: null;
}

/** A second identity with the same email. */
export class DuplicateIdentityError extends Error {}

/** Lowercased, trimmed email: the one form identifiers are stored and found in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A display name from traits: "First Last", else the email. */
export function displayName(traits: Traits): string {
  const name = [traits.name?.first, traits.name?.last].filter((s) => s?.trim()).join(' ');
  return name || traits.email;
}

/**
 * Creates a person, its identity and its email address (in the caller's transaction).
 * Throws DuplicateIdentityError when the email already belongs to someone.
 */
export async function createIdentity(
  db: Kysely<Database>,
  input: { traits: Traits; verified?: boolean; now: Date; personType?: string; id?: string },
): Promise<string> {
  const email = normalizeEmail(input.traits.email);
  const traits: Traits = { ...input.traits, email };
  const taken = await db
    .selectFrom('identity_addresses')
    .select('id')
    .where('via', '=', 'email')
    .where('value', '=', email)
    .executeTakeFirst();
  const takenPerson = await db
    .selectFrom('people')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (taken || takenPerson) throw new DuplicateIdentityError(email);
  const person = await db
    .insertInto('people')
    .values({ ...(input.id ? { id: input.id } : {}), name: displayName(traits), email, type: input.personType ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('identities')
    .values({ id: person.id, traits: JSON.stringify(traits) })
    .execute();
  await db
    .insertInto('identity_addresses')
    .values({
      identity_id: person.id,
      value: email,
      verified: input.verified ?? false,
      verified_at: input.verified ? input.now : null,
      status: input.verified ? 'completed' : 'pending',
    })
    .execute();
  return person.id;
}

/** Stores (or replaces) a credential of `type` and the identifiers that find it. */
export async function upsertCredential(
  db: Kysely<Database>,
  identityId: string,
  type: string,
  config: unknown,
  identifiers: string[],
): Promise<void> {
  const row = await db
    .insertInto('identity_credentials')
    .values({ identity_id: identityId, type, config: JSON.stringify(config) })
    .onConflict((oc) => oc.columns(['identity_id', 'type']).doUpdateSet({ config: JSON.stringify(config) }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('identity_credential_identifiers').where('credential_id', '=', row.id).execute();
  if (identifiers.length) {
    await db
      .insertInto('identity_credential_identifiers')
      .values(identifiers.map((identifier) => ({ credential_id: row.id, type, identifier })))
      .execute();
  }
}

/** Removes a credential of `type` (and its identifiers). */
export async function deleteCredential(db: Kysely<Database>, identityId: string, type: string): Promise<void> {
  await db.deleteFrom('identity_credentials').where('identity_id', '=', identityId).where('type', '=', type).execute();
}

/** Which of `types` the identity has a credential of. */
export async function credentialTypes(db: Kysely<Database>, identityId: string, types: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('identity_credentials')
    .select('type')
    .where('identity_id', '=', identityId)
    .where('type', 'in', types)
    .execute();
  return rows.map((r) => r.type);
}

/** The config of one credential type of an identity, or undefined. */
export async function credentialConfig<T>(
  db: Kysely<Database>,
  identityId: string,
  type: string,
): Promise<T | undefined> {
  const row = await db
    .selectFrom('identity_credentials')
    .select('config')
    .where('identity_id', '=', identityId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row ? (row.config as T) : undefined;
}

/** The identity owning `identifier` for a credential type, with that credential's config. */
export async function findByIdentifier<T>(
  db: Kysely<Database>,
  type: string,
  identifier: string,
): Promise<{ identityId: string; config: T; state: string } | undefined> {
  const row = await db
    .selectFrom('identity_credential_identifiers as ci')
    .innerJoin('identity_credentials as c', 'c.id', 'ci.credential_id')
    .innerJoin('identities as i', 'i.id', 'c.identity_id')
    .select(['c.identity_id', 'c.config', 'i.state'])
    .where('ci.type', '=', type)
    .where('ci.identifier', '=', identifier)
    .executeTakeFirst();
  return row ? { identityId: row.identity_id, config: row.config as T, state: row.state } : undefined;
}

/** The identity id whose email address is `email`. */
export async function identityIdByEmail(db: Kysely<Database>, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('identity_addresses')
    .select('identity_id')
    .where('via', '=', 'email')
    .where('value', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row?.identity_id;
}

/**
 * Whether the identity has a second factor, so that `highest_available` asks its sessions for
 * AAL2: a TOTP app, backup codes, or a security key.
 */
export async function hasSecondFactor(db: Kysely<Database>, identityId: string): Promise<boolean> {
  const rows = await db
    .selectFrom('identity_credentials')
    .select(['type', 'config'])
    .where('identity_id', '=', identityId)
    .where('type', 'in', ['totp', 'lookup_secret', 'webauthn'])
    .execute();
  return rows.some((r) => {
    if (r.type !== 'webauthn') return true;
    const creds = (r.config as { credentials?: Array<{ is_passwordless?: boolean }> }).credentials ?? [];
    return creds.some((c) => !c.is_passwordless);
  });
}

/** Updates traits (and the person's name and email to match). */
export async function updateTraits(db: Kysely<Database>, identityId: string, traits: Traits): Promise<void> {
  const email = normalizeEmail(traits.email);
  const current = await identityJson(db, identityId);
  if (!current) return;
  const next: Traits = { ...traits, email };
  await db
    .updateTable('identities')
    .set({ traits: JSON.stringify(next) })
    .where('id', '=', identityId)
    .execute();
  await db
    .updateTable('people')
    .set({ name: displayName(next), email })
    .where('id', '=', identityId)
    .execute();
  if (current.traits.email !== email) {
    await db
      .updateTable('identity_addresses')
      .set({ value: email, verified: false, verified_at: null, status: 'pending' })
      .where('identity_id', '=', identityId)
      .where('via', '=', 'email')
      .execute();
    await db
      .updateTable('identity_credential_identifiers')
      .set({ identifier: email })
      .where('type', '=', 'password')
      .where('identifier', '=', current.traits.email)
      .execute();
  }
}

/** The identity as Kratos returns it, or undefined. */
export async function identityJson(db: Kysely<Database>, id: string): Promise<IdentityJson | undefined> {
  const row = await db.selectFrom('identities').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const addresses = await db
    .selectFrom('identity_addresses')
    .selectAll()
    .where('identity_id', '=', id)
    .orderBy('created_at')
    .execute();
  return {
    id: row.id,
    schema_id: row.schema_id,
    schema_url: '',
    state: row.state,
    state_changed_at: row.state_changed_at.toISOString(),
    traits: row.traits as Traits,
    verifiable_addresses: addresses.map((a) => ({
      id: a.id,
      value: a.value,
      verified: a.verified,
      via: a.via,
      status: a.status,
      verified_at: a.verified_at?.toISOString(),
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
    })),
    recovery_addresses: addresses.map((a) => ({
      id: a.id,
      value: a.value,
      via: a.via,
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
    })),
    metadata_public: row.metadata_public ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    organization_id: null,
  };
}
