import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { changesRoutes } from './changes.js';
import { checkChangesRoutes } from './checkChanges.js';
import { configApiRoutes } from './configApi.js';
import { searchRoutes } from './search.js';
import { summaryRoutes } from './summary.js';
import { versionRoutes } from './versions.js';

/** The catalog's HTTP API: /api/catalog/*, /api/config/* and /api/resources/search. */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => summaryRoutes(scope, ctx));
  await app.register(async (scope) => changesRoutes(scope, ctx));
  await app.register(async (scope) => checkChangesRoutes(scope, ctx));
  await app.register(async (scope) => searchRoutes(scope, ctx));
  await app.register(async (scope) => versionRoutes(scope, ctx));
  await app.register(async (scope) => configApiRoutes(scope, ctx), { prefix: '/api/config' });
}
