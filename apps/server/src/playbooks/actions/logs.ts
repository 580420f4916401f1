import { type LogBackendSpec, logsActionSchema, parseDuration } from '@opsdeck/schema';
import type { z } from 'zod';
import { assertConnectionHost } from '../../integrations/connection.js';
import { lokiBackend } from '../../logs/backends/loki.js';
import { opensearchBackend } from '../../logs/backends/opensearch.js';
import type { LogBackend } from '../../logs/types.js';
import { type ActionContext, type ActionType, failed } from './types.js';
import { parseWhen } from './when.js';

type Spec = z.infer<typeof logsActionSchema>;

/** Lines kept at most, and by default. */
const MAX_LINES = 1000;
const DEFAULT_LINES = 100;
/** How far back a search reaches when neither start nor since is given. */
const DEFAULT_WINDOW_MS = 3_600_000;

/** The log backend of the action (OpsDeck's own Loki and OpenSearch clients), credentials resolved. */
async function backendOf(spec: Spec, ctx: ActionContext): Promise<{ kind: string; backend: LogBackend }> {
  if (spec.loki) {
    const l = spec.loki;
    const stored = l.connection ? await ctx.resolveConnection(l.connection) : undefined;
    let username = l.username ? await ctx.resolveEnv(l.username) : undefined;
    let password = l.password ? await ctx.resolveEnv(l.password) : undefined;
    if (stored && (stored.username || stored.password)) {
      // the connection's credentials go only to its own host
      if (l.url) assertConnectionHost(stored, l.url, l.connection as string);
      username ??= stored.username;
      password ??= stored.password;
    }
    const url = l.url || stored?.url;
    if (!url) throw new Error('logs: loki: no url (the connection has none)');
    const lokiSpec: NonNullable<LogBackendSpec['loki']> = { url, query: l.query, username, password };
    return { kind: 'loki', backend: lokiBackend(lokiSpec, {}) };
  }
  const o = spec.opensearch;
  if (!o) throw new Error('logs: set loki or opensearch');
  const username = o.username ? await ctx.resolveEnv(o.username) : undefined;
  const password = o.password ? await ctx.resolveEnv(o.password) : undefined;
  return {
    kind: 'opensearch',
    backend: opensearchBackend({ address: o.address, index: o.index, query: o.query, username, password }, {}),
  };
}

/**
 * Searches one log backend (Loki or OpenSearch, through OpsDeck's log backend clients) over a time
 * window: `start`/`end` (or `since` back from now, default the last hour), at most `limit` lines.
 * The result is `{backend, lines, count, total}`, newest line first.
 */
export const logsAction: ActionType<Spec> = {
  type: 'logs',
  schema: logsActionSchema,
  async run(spec, ctx) {
    const source = spec.loki ?? spec.opensearch;
    const now = Date.now();
    let start: number;
    let end: number;
    let limit: number;
    try {
      end = source?.end ? parseWhen(source.end, now) : now;
      const since = spec.loki?.since ? parseDuration(spec.loki.since) : undefined;
      if (spec.loki?.since && since === undefined) throw new Error('since is not a duration');
      start = source?.start ? parseWhen(source.start, now) : end - (since ?? DEFAULT_WINDOW_MS);
      if (start >= end) throw new Error('start must be before end');
      limit = source?.limit === undefined ? DEFAULT_LINES : Number(source.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new Error('limit must be a whole number above 0');
    } catch (err) {
      return failed(new Error(`logs: ${(err as Error).message}`));
    }
    try {
      const { kind, backend } = await backendOf(spec, ctx);
      const page = await backend.search({
        query: '',
        start,
        end,
        limit: Math.min(limit, MAX_LINES),
        labels: {},
        now,
        signal: ctx.signal,
      });
      const lines = page.lines.map((l) => l.line);
      return {
        ok: true,
        result: {
          backend: kind,
          from: new Date(start).toISOString(),
          to: new Date(end).toISOString(),
          lines,
          count: lines.length,
          total: page.total,
        },
      };
    } catch (err) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      return failed(err);
    }
  },
};
