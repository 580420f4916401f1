import './tables.js';
import { logBackendSpecErrors, logBackendSpecSchema } from '@opsdeck/schema';
import { badRequest } from '../errors.js';
import { readableLogBackendsSql } from '../rbac/logBackends.js';
import { OUTPUT_SECRETS, SPEC_SECRETS } from '../rest/secrets.js';
import { createdBySubject, exposeTable, type Row } from '../rest/whitelist.js';

/** A log backend's spec names exactly one kind, every field by its path (spec.loki.url: ...). */
function validateSpec(row: Row, where: string): void {
  if (row.spec === undefined) return;
  const parsed = logBackendSpecSchema.safeParse(row.spec);
  if (!parsed.success)
    throw badRequest(`invalid log backend${where}: ${logBackendSpecErrors(parsed.error).join('; ')}`);
}

/** Serves the integrations page data under /api/db; the app calls it when it starts. */
export function exposeIntegrations(): void {
  // Integrations under /api/db: read-only, on the `integrations` resource (migration 143).
  exposeTable('integrations_with_status', {
    resource: 'integrations',
    writable: false,
    secrets: { job_details: OUTPUT_SECRETS },
  });
  // Log backends: written in the generic settings editor; their spec may hold credentials.
  exposeTable('logging_backends', {
    resource: 'logging_backends',
    writable: true,
    defaults: { created_by: createdBySubject },
    // credentials, URLs with userinfo, headers; `address` is the search clusters' URL
    secrets: { spec: [...SPEC_SECRETS, ['**.address', 'url']] },
    // restricted backends (the sample one over OpsDeck's own log) only to admins and those granted
    rowAccess: readableLogBackendsSql,
    async beforeWrite(_ctx, input) {
      const rows = input.rows ?? (input.patch ? [input.patch] : []);
      for (const [i, row] of rows.entries()) validateSpec(row, rows.length > 1 ? `[${i}]` : '');
      return undefined;
    },
  });
}
