import {
  LOG_BACKEND_KINDS,
  type LogBackendKind,
  type LogSelector,
  type LogsRequest,
  type LogsResponse,
  logBackendSpecErrors,
  logBackendSpecSchema,
  logSelectorSchema,
  parseLogTime,
} from '@opsdeck/schema';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { KnownSecrets, maskText } from '../rest/secretValues.js';
import { backendFor } from './backends/index.js';
import { backendContext } from './context.js';
import { type FoundLine, type LogBackend, LogBackendError } from './types.js';

/**
 * `POST /api/logs`: the backends a request reaches (a component's log selector, or one backend by
 * name), searched in parallel and merged newest first. The cursor holds each backend's own
 * position (`null` once it has nothing older), so paging never repeats or skips a line.
 */

interface Row {
  name: string;
  labels: Record<string, string> | null;
  spec: unknown;
}

const DEFAULT_LIMIT = 100;
type Cursors = Record<string, string | null>;

function decodePage(page: string | undefined): Cursors | undefined {
  if (!page) return undefined;
  try {
    const v = JSON.parse(Buffer.from(page, 'base64url').toString('utf8')) as unknown;
    return z.record(z.string(), z.string().nullable()).parse(v);
  } catch {
    throw badRequest('page: not a nextPage this server answered');
  }
}

const encodePage = (c: Cursors) => Buffer.from(JSON.stringify(c)).toString('base64url');

/** The selector of component `id` named `name` (the first when empty); 404 names the ones there are. */
async function componentSelector(ctx: AppContext, id: string, name: string | undefined): Promise<LogSelector> {
  const { rows } = await sql<{ name: string; log_selectors: unknown }>`
    select name, log_selectors from components where id = ${id} and deleted_at is null`.execute(ctx.db.kysely);
  const c = rows[0];
  if (!c) throw notFound(`component ${id} not found`);
  const parsed = z.array(logSelectorSchema).safeParse(c.log_selectors ?? []);
  const selectors = parsed.success ? parsed.data : [];
  if (!selectors.length) throw notFound(`component ${c.name} has no log selectors`);
  if (!name) return selectors[0] as LogSelector;
  const found = selectors.find((s) => s.name === name);
  if (!found) {
    const names = selectors.map((s) => s.name ?? '(unnamed)').join(', ');
    throw notFound(`component ${c.name} has no log selector named ${name}; it has: ${names}`);
  }
  return found;
}

/** Which backends the caller may read (rbac/logBackends.ts); the others are as if they did not exist. */
export type BackendFilter = (labels: Record<string, string> | null) => boolean;

async function backendRows(
  ctx: AppContext,
  only: { name?: string; kind?: string; readable?: BackendFilter },
): Promise<Row[]> {
  let q = ctx.db.kysely
    .selectFrom('logging_backends')
    .select(['name', 'labels', 'spec'])
    .where('deleted_at', 'is', null)
    .orderBy('name');
  if (only?.name) q = q.where('name', '=', only.name);
  const rows = ((await q.execute()) as Row[]).filter((r) => !only.readable || only.readable(r.labels));
  return only?.kind
    ? rows.filter((r) => r.spec && typeof r.spec === 'object' && only.kind && only.kind in r.spec)
    : rows;
}

/** The backends a request reaches, with the labels every one of them filters by. */
async function targets(ctx: AppContext, req: LogsRequest, readable?: BackendFilter) {
  if (req.id) {
    const selector = await componentSelector(ctx, req.id, req.name);
    const kind = (LOG_BACKEND_KINDS as readonly string[]).includes(selector.type ?? '') ? selector.type : undefined;
    const rows = await backendRows(ctx, { name: selector.backend, kind, readable });
    if (!rows.length) {
      throw notFound(
        `no log backend serves log selector ${selector.name ?? '(unnamed)'}${selector.backend ? ` (backend ${selector.backend})` : ''}`,
      );
    }
    return { rows, labels: { ...selector.labels, ...req.labels } };
  }
  const rows = await backendRows(ctx, { name: req.name, readable });
  if (!rows.length) throw notFound(`no log backend named ${req.name}`);
  return { rows, labels: { ...req.labels } };
}

export async function searchLogs(
  ctx: AppContext,
  req: LogsRequest,
  signal: AbortSignal,
  readable?: BackendFilter,
): Promise<LogsResponse> {
  const now = ctx.clock.now().getTime();
  const start = parseLogTime(req.start ?? '1h', now) as number;
  const end = req.end ? (parseLogTime(req.end, now) as number) : now;
  if (start > end) throw badRequest('start: after end');
  const limit = req.limit ?? DEFAULT_LIMIT;
  const cursors = decodePage(req.page);
  const { rows, labels } = await targets(ctx, req, readable);
  const bctx = await backendContext(ctx);
  const live: Array<{
    name: string;
    kind: LogBackendKind;
    backend: LogBackend;
    cursor?: string;
    secrets: KnownSecrets;
  }> = [];
  const searched: LogsResponse['backends'] = [];
  for (const row of rows) {
    const spec = logBackendSpecSchema.safeParse(row.spec);
    if (!spec.success) throw badRequest(`log backend ${row.name}: ${logBackendSpecErrors(spec.error).join('; ')}`);
    const made = backendFor(spec.data, row.labels ?? {}, bctx);
    searched.push({ name: row.name, type: made.kind });
    const cursor = cursors?.[row.name];
    if (cursor === null) continue; // this backend has nothing older
    live.push({ name: row.name, ...made, cursor, secrets: backendSecrets(spec.data) });
  }
  const pages = await Promise.all(
    live.map((b) =>
      b.backend.search({ query: req.query ?? '', start, end, limit, labels, cursor: b.cursor, now, signal }).then(
        (p) => ({ ...b, ...p }),
        async (err) => {
          if (err instanceof SyntaxError) throw badRequest('page: not a nextPage this server answered');
          // a backend's failure may quote its URL or echo its credentials: masked before it is answered
          if (err instanceof LogBackendError) throw new LogBackendError(await maskText(ctx.db, err.message, b.secrets));
          throw err;
        },
      ),
    ),
  );
  const merged: Array<FoundLine & { from: string }> = pages
    .flatMap((p) => p.lines.map((l) => ({ ...l, from: p.name })))
    .sort((a, b) => b.ts - a.ts);
  const taken = merged.slice(0, limit);
  const next: Cursors = { ...cursors };
  for (const p of pages) {
    const mine = taken.filter((l) => l.from === p.name);
    const last = mine[mine.length - 1];
    if (last) next[p.name] = last.cursor;
    // done when everything it answered was taken and it answered less than a page
    if (mine.length === p.lines.length && p.lines.length < limit) next[p.name] = null;
  }
  const more = Object.values(next).some((c) => c !== null) && pages.length > 0;
  return {
    total: pages.reduce((n, p) => n + p.total, 0),
    results: taken.map((l) => l.line),
    ...(more ? { nextPage: encodePage(next) } : {}),
    backends: searched,
  };
}

/** The credentials of a log backend's spec (every kind's): passwords, keys, kubeconfig, URL userinfo. */
function backendSecrets(spec: object): KnownSecrets {
  const known = new KnownSecrets();
  for (const kind of Object.values(spec) as unknown[]) {
    if (!kind || typeof kind !== 'object') continue;
    const k = kind as Record<string, unknown>;
    for (const key of ['password', 'apiKey', 'kubeconfig'])
      if (typeof k[key] === 'string') known.addBasic(k.username as string | undefined, k[key] as string);
    for (const key of ['url', 'address']) {
      if (typeof k[key] !== 'string') continue;
      try {
        const password = new URL(k[key] as string).password;
        if (password) known.add(decodeURIComponent(password));
      } catch {
        // not a URL: nothing to record
      }
    }
  }
  return known;
}
