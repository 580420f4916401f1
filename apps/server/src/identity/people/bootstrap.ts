import { type Kysely, sql } from 'kysely';
import { randomSecret } from '../../crypto/tokens.js';
import type { Database } from '../../db/types.js';
import type { Role } from '../../rbac/resources.js';
import type { IdentityDeps } from '../deps.js';
import { hashPassword } from '../flows/password.js';
import { createIdentity, upsertCredential } from './identities.js';
import { setRoles } from './roles.js';

interface NewUser {
  email: string;
  roles: Role[];
  first?: string;
  last?: string;
}

async function insertUser(trx: Kysely<Database>, input: NewUser & { hashed: string }, now: Date): Promise<string> {
  const id = await createIdentity(trx, {
    traits: { email: input.email, name: { first: input.first ?? '', last: input.last ?? '' } },
    verified: true,
    now,
  });
  await upsertCredential(trx, id, 'password', { hashed_password: input.hashed }, [input.email.trim().toLowerCase()]);
  await setRoles(trx, id, input.roles);
  return id;
}

/** Creates a person who signs in with a password and holds `roles` (CLI). */
export async function addUser(
  deps: Pick<IdentityDeps, 'db' | 'clock'>,
  input: NewUser & { password: string },
): Promise<string> {
  const hashed = await hashPassword(input.password);
  return deps.db.kysely.transaction().execute((trx) => insertUser(trx, { ...input, hashed }, deps.clock.now()));
}

const BOOTSTRAP_LOCK = 7_301_555_022;

/**
 * First start: with no identities at all, creates the admin (`OPSDECK_ADMIN_EMAIL`, default
 * admin@localhost) with `OPSDECK_ADMIN_PASSWORD`, or a generated password printed once.
 * Processes starting together against one PostgreSQL are serialised by an advisory lock.
 */
export async function bootstrapAdmin(
  deps: Pick<IdentityDeps, 'db' | 'clock' | 'config'>,
  print: (line: string) => void = console.log,
): Promise<{ created: boolean; email?: string }> {
  const cfg = deps.config.identity;
  const any = await deps.db.kysely.selectFrom('identities').select('id').limit(1).executeTakeFirst();
  if (any) return { created: false };
  const password = cfg.adminPassword ?? randomSecret(18);
  const hashed = await hashPassword(password);
  const created = await deps.db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
    const again = await trx.selectFrom('identities').select('id').limit(1).executeTakeFirst();
    if (again) return false;
    await insertUser(trx, { email: cfg.adminEmail, roles: ['admin'], first: 'Admin', hashed }, deps.clock.now());
    return true;
  });
  if (!created) return { created: false };
  if (!cfg.adminPassword) {
    print(
      [
        '',
        '================================================================',
        ' OpsDeck created the first administrator:',
        `   email:    ${cfg.adminEmail}`,
        `   password: ${password}`,
        ' This password is shown only once. Sign in and change it.',
        '================================================================',
        '',
      ].join('\n'),
    );
  }
  return { created: true, email: cfg.adminEmail };
}
