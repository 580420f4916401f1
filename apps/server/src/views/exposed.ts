import { sql } from 'kysely';
import { badRequest } from '../errors.js';
import { SPEC_SECRETS } from '../rest/secrets.js';
import { createdBySubject, exposeTable, type Row } from '../rest/whitelist.js';
import { ViewValidationError, validateViewSpec } from './viewYaml.js';

/**
 * The views tables under /api/db (and /api/config): `views` written by Settings > Views, each spec
 * validated as a whole View; `views_summary` for the sidebar. A changed spec drops its cached results.
 */

/**
 * A canary spec's secrets (credential-named keys such as a prometheus query's `bearer`,
 * `password` and `oauth.clientSecret`, URLs), plus every value of an http query's `headers` map
 * and a prometheus query's TLS client key.
 */
const VIEW_SECRETS = [
  ...SPEC_SECRETS,
  ['queries.*.http.headers.*', 'secret'] as const,
  ['queries.*.prometheus.tls.key', 'secret'] as const,
];

function validateRow(row: Row, where: string): void {
  if (row.spec === undefined) return;
  try {
    validateViewSpec(row.name, row.spec);
  } catch (err) {
    if (err instanceof ViewValidationError) {
      throw badRequest(`invalid view${where}: ${err.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    }
    throw err;
  }
}

/** Serves views under /api/db; the app calls it when it starts. */
export function exposeViews(): void {
  exposeTable('views', {
    resource: 'views',
    writable: true,
    // http queries carry headers and URLs with credentials: read masked like a canary's spec
    secrets: { spec: VIEW_SECRETS },
    defaults: { created_by: createdBySubject },
    async beforeWrite(_ctx, input) {
      if (input.method === 'POST') {
        const many = (input.rows?.length ?? 0) > 1;
        input.rows?.forEach((row, i) => {
          const where = many ? `[${i}]` : '';
          if (row.spec === undefined) throw badRequest(`invalid view${where}: spec: This field is required`);
          validateRow(row, where);
        });
      }
      if (input.method === 'PATCH' && input.patch) validateRow(input.patch, '');
      return undefined;
    },
    async afterWrite(_ctx, input) {
      const ids = input.rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
      if (input.method !== 'POST' && ids.length)
        await sql`delete from view_results where view_id in (${sql.join(ids)})`.execute(input.trx);
    },
  });
  exposeTable('views_summary', { resource: 'views', writable: false });
}
