import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { liveChecks } from '../statusPages/items.js';
import { occurrences } from './spec.js';
import { loadMaintenanceWindows, windowCovers } from './windows.js';

const DAY_MS = 86_400_000;

/**
 * GET /api/maintenance/active: the windows in force now or starting within a day (with their
 * current or next interval), and which live checks each one in force covers, for the health
 * page's maintenance badges. Readable by whoever reads health checks.
 */
export async function maintenanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/maintenance/active', { config: { auth: { resource: 'canaries', action: 'read' } } }, async () => {
    const now = ctx.clock.now().getTime();
    const [windows, checks] = await Promise.all([loadMaintenanceWindows(ctx.db.kysely), liveChecks(ctx.db.kysely)]);
    const out: Array<{ id: string; name: string; description: string; start: string; end: string; active: boolean }> =
      [];
    const covered: Record<string, string> = {};
    for (const w of windows) {
      const next = occurrences(w.window, now, now + DAY_MS)[0];
      if (!next) continue;
      const active = next[0] <= now;
      out.push({
        id: w.id,
        name: w.name,
        description: w.description,
        start: new Date(next[0]).toISOString(),
        end: new Date(next[1]).toISOString(),
        active,
      });
      if (!active) continue;
      for (const c of checks) if (!covered[c.id] && windowCovers(w, 'check', c)) covered[c.id] = w.name;
    }
    return { windows: out, checks: covered };
  });
}
