import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { liveChecks } from '../statusPages/items.js';
import { occurrences, parseMaintenanceSpec } from './spec.js';
import { loadMaintenanceWindows, windowCovers } from './windows.js';

const DAY_MS = 86_400_000;
/** How far ahead a preview looks, and how many windows it lists. */
const PREVIEW_MS = 366 * DAY_MS;
const PREVIEW_COUNT = 5;

/**
 * GET /api/maintenance/active: the windows in force now or starting within a day (with their
 * current or next interval), and which live checks each one in force covers, for the health
 * page's maintenance badges. Readable by whoever reads health checks.
 */
export async function maintenanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/maintenance/active', { config: { auth: { resource: 'canaries', action: 'read' } } }, async () => {
    const now = ctx.clock.now().getTime();
    const windows = await loadMaintenanceWindows(ctx.db.kysely);
    const out: Array<{ id: string; name: string; description: string; start: string; end: string; active: boolean }> =
      [];
    const inForce: typeof windows = [];
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
      if (active) inForce.push(w);
    }
    // the checks are read only when a window is in force: the health page asks on every visit
    const covered: Record<string, string> = {};
    const checks = inForce.length ? await liveChecks(ctx.db.kysely) : [];
    for (const w of inForce) {
      for (const c of checks) if (!covered[c.id] && windowCovers(w, 'check', c)) covered[c.id] = w.name;
    }
    return { windows: out, checks: covered };
  });

  /**
   * POST /api/maintenance/preview `{ spec }`: the next windows of a spec as the server will keep
   * them (the editor's preview, before saving), or the 400 a save would answer. Reads nothing stored.
   */
  app.post(
    '/api/maintenance/preview',
    {
      config: { auth: { resource: 'canaries', action: 'read' } },
      schema: { body: z.object({ spec: z.unknown() }) },
    },
    async (request) => {
      const { window } = parseMaintenanceSpec((request.body as { spec: unknown }).spec);
      const now = ctx.clock.now().getTime();
      // a recurring window without a start recurs from when it is saved: from now
      const from = window.kind === 'cron' && window.start === undefined ? { ...window, start: now } : window;
      const next = occurrences(from, now, now + PREVIEW_MS).slice(0, PREVIEW_COUNT);
      return {
        windows: next.map(([s, e]) => ({ start: new Date(s).toISOString(), end: new Date(e).toISOString() })),
      };
    },
  );
}
