import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { createdBySubject, exposeTable } from '../rest/whitelist.js';
import { liveProperties } from './store.js';

/** One property as the Feature Flags page lists it: where its value comes from decides if it can change. */
export interface PropertyView {
  name: string;
  value: string;
  source: 'local' | 'db';
  created_by: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/**
 * `GET /api/properties`: database properties merged with those set by OPSDECK_PROPERTIES, which
 * win over a database row of the same name (source `local`, read-only), sorted by name.
 */
export async function propertyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/properties', { config: { auth: { resource: 'feature_flags', action: 'read' } } }, async () => {
    const rows = await liveProperties(ctx.db);
    const merged = new Map<string, PropertyView>();
    for (const r of rows)
      merged.set(r.name, {
        name: r.name,
        value: r.value,
        source: 'db',
        created_by: r.created_by,
        created_at: r.created_at.toISOString(),
        updated_at: r.updated_at.toISOString(),
      });
    for (const [name, value] of Object.entries(ctx.config.properties))
      merged.set(name, { name, value, source: 'local', created_by: null, created_at: null, updated_at: null });
    return [...merged.values()].sort((a, b) => a.name.localeCompare(b.name));
  });
}

/** Serves properties (feature flags) under /api/db; the app calls it when it starts. */
export function exposeProperties(): void {
  // feature flags under /api/db; a name set by the environment cannot be written there
  exposeTable('properties', {
    resource: 'feature_flags',
    writable: true,
    defaults: { created_by: createdBySubject },
    async afterWrite(ctx, { rows }) {
      const local = rows.map((r) => String(r.name)).find((n) => n in ctx.config.properties);
      if (local)
        throw badRequest(`name: property ${local} is set by the environment (OPSDECK_PROPERTIES) and is read-only`);
    },
  });
}
