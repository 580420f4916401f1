import type { AppContext } from '../context.js';
import { connectionSecretBox } from './secrets.js';
import { ConnectionResolver } from './store.js';

const resolvers = new WeakMap<AppContext, ConnectionResolver>();

/**
 * The connection resolver of an app, one per app so its cache is shared by every domain that
 * resolves connections (checks, scrapers, views, playbooks, topology, connection tests) and one
 * `invalidate()` after a connection changes reaches them all.
 */
export function connectionResolver(ctx: AppContext): ConnectionResolver {
  let r = resolvers.get(ctx);
  if (!r) {
    r = new ConnectionResolver(ctx.db, connectionSecretBox(ctx.config));
    resolvers.set(ctx, r);
  }
  return r;
}
