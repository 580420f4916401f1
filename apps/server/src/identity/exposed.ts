import { createdBySubject, exposeTable } from '../rest/whitelist.js';

// The identity and RBAC tables the Users and Permissions pages read through /api/db.
// - people_roles lists accounts and their roles: identity administration, so `identities`.
// - permissions rows are `permissions` (viewers read them, per spec part 1 section 6; writing
//   needs write on `permissions`); the summary view is read-only.
// - identities, credentials, sessions, flows, codes and the courier are NOT exposed: they hold
//   hashes, sealed secrets and one-time codes.
exposeTable('people_roles', { resource: 'identities', writable: false });
exposeTable('permissions', {
  resource: 'permissions',
  writable: true,
  defaults: { created_by: createdBySubject },
  async beforeWrite(ctx, input) {
    if (input.method !== 'PATCH' || !input.patch) return undefined;
    const updatedBy = await createdBySubject(input.subject, ctx);
    return { patch: { ...input.patch, ...(updatedBy ? { updated_by: updatedBy } : {}) } };
  },
});
exposeTable('permissions_summary', { resource: 'permissions', writable: false });
