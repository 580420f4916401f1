import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { registerJsonBody } from '../../rest/body.js';
import { unknownRelation } from '../../rest/errors.js';
import { readTable } from '../../rest/handlers/read.js';
import { callFunction } from '../../rest/handlers/rpc.js';
import { writeTable } from '../../rest/handlers/write.js';

/**
 * /api/config/*: the catalog's slice of the /api/db layer, the same
 * handlers, whitelist and RBAC, limited to the catalog's relations. `views` and `views_summary`
 * belong to the views domain and are served by it.
 */
const READS = new Set([
  'configs',
  'config_detail',
  'config_tags',
  'config_labels',
  'config_names',
  'config_types',
  'config_classes',
  'config_statuses',
  'config_changes',
  'catalog_changes',
  'change_types',
  'config_analysis',
  'config_analysis_items',
  'analysis_types',
  'analyzer_types',
  'analysis_by_component',
  'changes_by_component',
  'config_relationships',
  'config_component_relationships',
  'check_config_relationships',
  'config_scrapers',
  'config_scrapers_with_status',
]);
const WRITES = new Set(['config_component_relationships', 'check_config_relationships', 'config_scrapers']);
const FUNCTIONS = new Set(['related_configs_recursive', 'lookup_analysis_by_component']);

function only(names: Set<string>, handler: typeof readTable, param: 'table' | 'fn') {
  return (ctx: AppContext) => (request: FastifyRequest, reply: FastifyReply) => {
    const name = (request.params as Record<string, string>)[param] ?? '';
    if (!names.has(name)) throw unknownRelation(name);
    return handler(ctx, request, reply);
  };
}
const read = only(READS, readTable, 'table');
const write = only(WRITES, writeTable, 'table');
const rpc = only(FUNCTIONS, callFunction, 'fn');

export async function configApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerJsonBody(app);
  // each handler authorizes per table against the /api/db whitelist
  const opts = { config: { auth: 'authenticated' as const } };
  app.get('/rpc/:fn', opts, rpc(ctx));
  // each function declares the action it needs, which authorize() holds a token's scope to
  app.post('/rpc/:fn', { config: { ...opts.config, readOnly: true } }, rpc(ctx));
  app.get('/:table', opts, read(ctx));
  app.post('/:table', opts, write(ctx));
  app.patch('/:table', opts, write(ctx));
  app.delete('/:table', opts, write(ctx));
}
