import { type JsonSecret, SECRET_KEYS } from '../rest/secrets.js';
import { exposeTable } from '../rest/whitelist.js';
import { connectionSecretBox } from './secrets.js';
import { prepareConnectionPatch, prepareConnectionRow } from './service.js';

/**
 * Connections under /api/db: writes are validated per type and their password and certificate
 * sealed before they reach the table; `connections_list` is the masked read for lists.
 */
// type-specific fields: a session token or an access key id's secret sits here, URLs may embed one
const CONNECTION_PROPERTY_SECRETS: readonly JsonSecret[] = [
  [`**.${SECRET_KEYS}|secretAccessKey|accessKey|privateKeyPassword`, 'secret'],
  ['**.url|endpoint|uri|dsn|webhook', 'url'],
];

/** Serves connections under /api/db; the app calls it when it starts. */
export function exposeConnections(): void {
  exposeTable('connections', {
    resource: 'connections',
    writable: true,
    objects: { kind: 'connections', column: 'id' },
    // sealed secrets (and URLs, which may embed one) go in, never out: reads use connections_list
    secrets: { url: 'hidden', password: 'hidden', certificate: 'hidden', properties: CONNECTION_PROPERTY_SECRETS },
    async beforeWrite(ctx, input) {
      const box = connectionSecretBox(ctx.config);
      if (input.method === 'POST') return { rows: (input.rows ?? []).map((row) => prepareConnectionRow(row, box)) };
      if (input.method === 'PATCH' && input.patch) return { patch: prepareConnectionPatch(input.patch, box) };
      return undefined;
    },
  });
  exposeTable('connections_list', {
    resource: 'connections',
    writable: false,
    objects: { kind: 'connections', column: 'id' },
    secrets: { url: 'url', password: 'secret', certificate: 'secret', properties: CONNECTION_PROPERTY_SECRETS },
  });
}
