import { type AppReportSection, parseDuration, type ViewResult, type ViewSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import { sections } from '../applications/report/sections.js';
import { setBounded } from '../boundedMap.js';
import type { AppContext } from '../context.js';
import { notFound } from '../errors.js';
import { maskText } from '../rest/secretValues.js';
import { computeView, type StoredView, storeRefresh, storeRefreshError } from './refresh.js';
import type { SourceContext } from './sources/types.js';
import { selectViews, storedRows } from './tables.js';
import { fingerprint, resolveVariables } from './variables.js';

const DEFAULT_MAX_AGE = 15 * 60_000;
const DEFAULT_MIN_AGE = 10_000;
const DEFAULT_TIMEOUT = 30_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refreshes in flight, so simultaneous requests for one variable set share one run. */
const inFlight = new Map<string, Promise<Date>>();

/** The live view named by id, or by namespace and name. */
export async function findView(
  ctx: AppContext,
  ref: { id?: string; namespace?: string; name?: string },
): Promise<StoredView> {
  if (ref.id !== undefined && !UUID.test(ref.id)) throw notFound(`view ${ref.id} not found`);
  const { rows } = await sql<StoredView>`
    select id, name, namespace, spec from views where deleted_at is null
    and ${ref.id ? sql`id = ${ref.id}` : sql`namespace = ${ref.namespace ?? 'default'} and name = ${ref.name ?? ''}`}
  `.execute(ctx.db.kysely);
  const view = rows[0];
  if (!view) throw notFound(`view ${ref.id ?? `${ref.namespace}/${ref.name}`} not found`);
  return view;
}

interface CachedResult {
  panels: ViewResult['panels'];
  column_options: ViewResult['columnOptions'];
  row_count: number;
  refreshed_at: Date | string;
  refresh_error: string | null;
}

async function cached(ctx: AppContext, viewId: string, fp: string): Promise<CachedResult | undefined> {
  const { rows } = await sql<CachedResult>`
    select panels, column_options, row_count, refreshed_at, refresh_error from view_results
    where view_id = ${viewId} and request_fingerprint = ${fp}
  `.execute(ctx.db.kysely);
  return rows[0];
}

const ms = (text: string | undefined, fallback: number) => (text ? (parseDuration(text) ?? fallback) : fallback);

/**
 * A view's answer for a set of variables: from the cache when its last refresh is younger than
 * `maxAge` (a `Cache-Control: max-age` asked by the caller, e.g. Refresh, overrides it, but never
 * below `minAge`), else refreshed now. A failed refresh answers the last good result with
 * `refreshStatus: error`, or no rows when there is none.
 */
export async function viewResult(
  ctx: AppContext,
  view: StoredView,
  given: Record<string, string>,
  askedMaxAgeMs?: number,
  /** The views whose refresh asked for this one (viewTableSelector), to refuse a cycle. */
  chain: string[] = [],
): Promise<ViewResult> {
  const spec: ViewSpec = view.spec;
  const { variables, values } = await resolveVariables(ctx.db, spec, given);
  const fp = fingerprint(values);
  const minAge = ms(spec.cache?.minAge, DEFAULT_MIN_AGE);
  const maxAge = Math.max(minAge, askedMaxAgeMs ?? ms(spec.cache?.maxAge, DEFAULT_MAX_AGE));
  let row = await cached(ctx, view.id, fp);
  let status: ViewResult['refreshStatus'] = 'cache';
  let error: string | undefined;
  const age = row ? ctx.clock.now().getTime() - new Date(row.refreshed_at).getTime() : Number.POSITIVE_INFINITY;
  if (!spec.queries || !Object.keys(spec.queries).length) {
    status = 'fresh';
  } else if (age >= maxAge) {
    try {
      await refreshOnce(ctx, view, fp, values, ms(spec.cache?.refreshTimeout, DEFAULT_TIMEOUT), chain);
      status = 'fresh';
    } catch (err) {
      status = 'error';
      // a source's failure may quote its URL: masked (docs/secrets.md) before it is stored or answered
      error = await maskText(ctx.db, err instanceof Error ? err.message : String(err));
      if (row) await storeRefreshError(ctx, view.id, fp, error);
    }
    row = await cached(ctx, view.id, fp);
  } else if (row?.refresh_error) {
    status = 'error';
    error = row.refresh_error;
  }
  const display = spec.display ?? {};
  return {
    id: view.id,
    namespace: view.namespace,
    name: view.name,
    title: display.title ?? view.name,
    icon: display.icon,
    refreshStatus: status,
    refreshError: error,
    lastRefreshedAt: row ? new Date(row.refreshed_at).toISOString() : undefined,
    requestFingerprint: fp,
    columns: spec.columns ?? [],
    panels: row?.panels ?? [],
    variables,
    columnOptions: row?.column_options ?? {},
    card: display.card,
    table: display.table,
    sections: spec.sections ?? [],
    sectionResults: await uiSections(ctx, view),
    totalRows: row?.row_count ?? 0,
  };
}

function refreshOnce(
  ctx: AppContext,
  view: StoredView,
  fp: string,
  values: Record<string, string>,
  timeoutMs: number,
  chain: string[],
): Promise<Date> {
  const key = `${view.id}/${fp}`;
  const running = inFlight.get(key);
  if (running) return running;
  const work = computeView(ctx, view, values, timeoutMs, tablesReader(ctx, view, chain))
    .then((out) => storeRefresh(ctx, view.id, fp, values, out))
    .finally(() => inFlight.delete(key));
  setBounded(inFlight, key, work, 256);
  return work;
}

/**
 * Reads other views' tables for a viewTableSelector: each matching view (never this one) is
 * answered for its default variables (refreshed when stale) and its stored rows are read. A view
 * already being refreshed further up the chain is a cycle and fails the refresh.
 */
function tablesReader(ctx: AppContext, view: StoredView, chain: string[]): SourceContext['viewTables'] {
  return async (selector) => {
    const out: Array<Record<string, unknown>> = [];
    for (const other of await selectViews(ctx.db, selector, view.namespace)) {
      if (other.id === view.id) continue;
      if (chain.includes(other.id))
        throw new Error(`viewTableSelector: ${other.namespace}/${other.name} reads this view's table (a cycle)`);
      const result = await viewResult(ctx, other, {}, undefined, [...chain, view.id]);
      if (result.refreshStatus === 'error' && !result.lastRefreshedAt)
        throw new Error(
          `viewTableSelector: ${other.namespace}/${other.name}: ${result.refreshError ?? 'refresh failed'}`,
        );
      out.push(...(await storedRows(ctx.db, other, result.requestFingerprint)));
    }
    return out;
  };
}

/** What each uiRef section of the view lists (catalog changes, configs, access), by section; null for a viewRef. */
async function uiSections(ctx: AppContext, view: StoredView): Promise<Array<AppReportSection | null>> {
  const specs = view.spec.sections ?? [];
  if (!specs.some((s) => s.uiRef)) return [];
  // only the lists: a section's viewRef is rendered by the page itself
  const filled = await sections(
    ctx.db,
    specs.flatMap((s) => (s.uiRef ? [{ title: s.title, icon: s.icon, uiRef: s.uiRef }] : [])),
    view.namespace,
    ctx.clock.now(),
  );
  return specs.map((s) => (s.uiRef ? (filled.shift() ?? null) : null));
}
