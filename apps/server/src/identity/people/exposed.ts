import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { grantRefusal } from '../../rbac/grants.js';
import { permissionRowProblem } from '../../rbac/permissions.js';
import type { Subject } from '../../rbac/resources.js';
import { forbiddenWrite, pgrstError } from '../../rest/errors.js';
import { createdBySubject, exposeTable, type Row } from '../../rest/whitelist.js';

// The identity and RBAC tables the Users and Permissions pages read through /api/db.
// - people_roles lists accounts and their roles: identity administration, so `identities`.
// - permissions rows are `permissions` (viewers read them; writing
//   needs write on `permissions`); the summary view is read-only.
// - identities, credentials, sessions, flows, codes and the courier are NOT exposed: they hold
//   hashes, sealed secrets and one-time codes.
// Writing a permission row is granting: rbac/grants.ts decides who may write which row, on the
// rows as written and (for a PATCH) as they were, inside the write's transaction.

function requireGrantable(subject: Subject, rows: readonly Row[], what: (row: Row) => string): void {
  for (const row of rows) {
    const refusal = grantRefusal(subject, row);
    if (refusal) throw forbiddenWrite(`${what(row)}: ${refusal}`);
  }
}

const permissionRow = (row: Row) => `permission ${String(row.id ?? '')}`.trim();

/** The permission rows in force of the teams named by membership rows. */
async function teamRows(db: Kysely<Database>, memberships: readonly Row[]): Promise<Row[]> {
  const teamIds = [...new Set(memberships.map((m) => m.team_id).filter((t): t is string => typeof t === 'string'))];
  if (!teamIds.length) return [];
  return db
    .selectFrom('permissions')
    .selectAll()
    .where('team_id', 'in', teamIds)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Serves people, their roles and permission rows under /api/db; the app calls it when it starts. */
export function exposePeople(): void {
  exposeTable('people_roles', { resource: 'identities', writable: false });
  exposeTable('permissions', {
    resource: 'permissions',
    writable: true,
    readsPriorRows: true,
    defaults: { created_by: createdBySubject },
    async beforeWrite(ctx, input) {
      if (input.method !== 'PATCH' || !input.patch) return undefined;
      const updatedBy = await createdBySubject(input.subject, ctx);
      return { patch: { ...input.patch, ...(updatedBy ? { updated_by: updatedBy } : {}) } };
    },
    async afterWrite(_ctx, { method, rows, before, subject }) {
      requireGrantable(subject, before ?? [], permissionRow);
      requireGrantable(subject, rows, permissionRow);
      // checked on the rows as stored, so a PATCH cannot leave a row with two subjects or none
      if (method === 'DELETE') return;
      for (const row of rows) {
        const problem = permissionRowProblem(row);
        if (problem) throw pgrstError('invalid', '23514', `${permissionRow(row)}: ${problem}`);
      }
    },
  });
  exposeTable('permissions_summary', { resource: 'permissions', writable: false });
  // An admin's account (its email recovers the admin role) is changed only by an admin.
  exposeTable('people', {
    resource: 'database',
    writeResource: 'identities',
    writable: true,
    // an avatar is a data URL: longer than the default for text
    textLimits: { avatar: 100_000 },
    async beforeWrite(_ctx, { method, subject }) {
      // a deleted person's roles go with the row, so whether it was an admin is told only before
      if (method === 'DELETE' && !subject.roles.includes('admin'))
        throw forbiddenWrite('deleting people through /api/db needs the admin role');
    },
    async afterWrite(_ctx, { rows, subject, trx }) {
      if (subject.roles.includes('admin')) return;
      const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
      if (!ids.length) return;
      const admin = await trx
        .selectFrom('person_roles')
        .select('person_id')
        .where('person_id', 'in', ids)
        .where('role', '=', 'admin')
        .executeTakeFirst();
      if (admin)
        throw forbiddenWrite(`person ${admin.person_id} is an admin: only an admin changes an admin's account`);
    },
  });
  // Joining a team confers its permission rows, and leaving one sheds its deny rows: a membership
  // is written only by someone who could have written each of those rows.
  exposeTable('team_members', {
    resource: 'database',
    writeResource: 'identities',
    writable: true,
    readsPriorRows: true,
    async afterWrite(_ctx, { rows, before, subject, trx }) {
      const granted = await teamRows(trx, [...(before ?? []), ...rows]);
      requireGrantable(
        subject,
        granted,
        (row) => `team ${String(row.team_id)} membership confers ${permissionRow(row)}`,
      );
    },
  });
}
