import type { ViewPanel, ViewPanelResult, ViewSpec } from '@opsdeck/schema';
import { sql } from 'kysely';
import { connectionResolver } from '../connections/resolver.js';
import { resolveEnvSource } from '../connections/store.js';
import type { AppContext } from '../context.js';
import { columnOptions, gaugeBounds, mapRows } from './columns.js';
import { runScratch, ScratchError, type ScratchTable } from './scratch.js';
import { knownColumns, runQuery } from './sources/index.js';
import type { SourceContext } from './sources/types.js';
import { renderDeep } from './variables.js';

/** Rows one refresh may store (the rest are dropped, and the count says so). */
export const MAX_ROWS = 20_000;
/** Rows a panel keeps. */
const MAX_PANEL_ROWS = 1000;
/** The least time the merge and panels get, however long the queries took. */
const MIN_SCRATCH_MS = 100;
const INSERT_CHUNK = 500;
/** Stored results per view (one per variable set) and how long one nobody refreshes is kept. */
const MAX_RESULTS = 100;
const RESULT_TTL_MS = 24 * 3600_000;

export interface StoredView {
  id: string;
  name: string;
  namespace: string;
  spec: ViewSpec;
}

export interface RefreshOutcome {
  rows: Array<Record<string, unknown>>;
  panels: ViewPanelResult[];
  columnOptions: Record<string, { list: string[] }>;
}

/** Runs the view's queries with `vars`, merges them, maps the rows and runs the panels. */
export async function computeView(
  ctx: AppContext,
  view: StoredView,
  vars: Record<string, string>,
  timeoutMs: number,
  viewTables: SourceContext['viewTables'],
): Promise<RefreshOutcome> {
  const spec = view.spec;
  const deadline = Date.now() + timeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  const resolver = connectionResolver(ctx);
  const queries = renderDeep(spec.queries ?? {}, vars) as NonNullable<ViewSpec['queries']>;
  const entries = Object.entries(queries);
  const results = await Promise.all(
    entries.map(async ([name, q]) => {
      try {
        return await runQuery(q, {
          db: ctx.db,
          signal,
          timeoutMs,
          now: ctx.clock.now(),
          resolveConnection: (ref) => resolver.resolve(ref, view.namespace),
          resolveEnv: (source) => resolveEnvSource(resolver, source, view.namespace),
          viewTables,
        });
      } catch (err) {
        throw new Error(`queries.${name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }),
  );
  const tables = Object.fromEntries(
    entries.map(([name, q], i) => [name, { rows: results[i] ?? [], columns: q.columns, known: knownColumns(q) }]),
  );
  const { source, panels } = await scratchWork(spec, tables, vars, results[0] ?? [], deadline - Date.now());
  const viewIds = await linkedViewIds(ctx, spec);
  const rows = spec.columns?.length ? mapRows(spec, source.slice(0, MAX_ROWS), vars, viewIds) : [];
  return { rows, panels, columnOptions: columnOptions(spec, rows) };
}

/**
 * The merge (the rows' source; the first query's rows without one) and the panels, run on the
 * scratch engine within what is left of the refresh's time.
 */
async function scratchWork(
  spec: ViewSpec,
  tables: Record<string, ScratchTable>,
  vars: Record<string, string>,
  firstQuery: Array<Record<string, unknown>>,
  remainingMs: number,
): Promise<{ source: Array<Record<string, unknown>>; panels: ViewPanelResult[] }> {
  const panelSpecs = spec.panels ?? [];
  if (!spec.merge && !panelSpecs.length) return { source: firstQuery, panels: [] };
  const labels = [...(spec.merge ? ['merge'] : []), ...panelSpecs.map((p, i) => `panels[${i}] (${p.name})`)];
  const queries = [
    ...(spec.merge ? [{ text: renderDeep(spec.merge, vars) as string, maxRows: MAX_ROWS }] : []),
    ...panelSpecs.map((p) => ({ text: renderDeep(p.query, vars) as string, maxRows: MAX_PANEL_ROWS })),
  ];
  let out: Array<Array<Record<string, unknown>>>;
  try {
    out = await runScratch(tables, queries, Math.max(MIN_SCRATCH_MS, remainingMs));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof ScratchError) throw new Error(`${labels[err.query] ?? 'loading the query tables'}: ${message}`);
    const what = spec.merge ? (panelSpecs.length ? 'merge and panels' : 'merge') : 'panels';
    throw new Error(`${what}: ${message}`);
  }
  const source = spec.merge ? (out.shift() ?? []) : firstQuery;
  return { source, panels: panelSpecs.map((p, i) => resolvePanel(p, out[i] ?? [], vars)) };
}

/** A panel's result: templated gauge bounds (`max: "{{ .row.total }}"`) become numbers over its first row. */
function resolvePanel(
  panel: ViewPanel,
  rows: Array<Record<string, unknown>>,
  vars: Record<string, string>,
): ViewPanelResult {
  const first = rows[0] ?? {};
  const env = { ...first, row: first, var: vars };
  const bounded = <G extends { min?: number | string; max?: number | string }>(g: G | undefined) =>
    g ? { ...g, min: undefined, max: undefined, ...gaugeBounds(g, env) } : undefined;
  const out: ViewPanelResult = { ...panel, rows };
  if (panel.gauge) out.gauge = bounded(panel.gauge);
  if (panel.bargauge) out.bargauge = bounded(panel.bargauge);
  return JSON.parse(JSON.stringify(out)) as ViewPanelResult;
}

/** Ids of the views the columns link to, by `namespace/name`. */
async function linkedViewIds(ctx: AppContext, spec: ViewSpec): Promise<Map<string, string>> {
  const refs = (spec.columns ?? []).flatMap((c) => (c.url?.view ? [c.url.view] : []));
  if (!refs.length) return new Map();
  const { rows } = await sql<{ id: string; namespace: string; name: string }>`
    select id, namespace, name from views where deleted_at is null and name in (${sql.join(refs.map((r) => r.name))})
  `.execute(ctx.db.kysely);
  return new Map(rows.map((r) => [`${r.namespace}/${r.name}`, r.id]));
}

/** Stores a refresh: results and rows replace those of the same fingerprint, in one transaction. */
export async function storeRefresh(
  ctx: AppContext,
  viewId: string,
  fp: string,
  vars: Record<string, string>,
  out: RefreshOutcome,
): Promise<Date> {
  const now = ctx.clock.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await sql`delete from view_results where view_id = ${viewId} and request_fingerprint = ${fp}`.execute(trx);
    await sql`
      insert into view_results (view_id, request_fingerprint, variables, panels, column_options, row_count, refreshed_at)
      values (${viewId}, ${fp}, ${JSON.stringify(vars)}::jsonb, ${JSON.stringify(out.panels)}::jsonb,
        ${JSON.stringify(out.columnOptions)}::jsonb, ${out.rows.length}, ${now.toISOString()}::timestamptz)
    `.execute(trx);
    // results of variable sets nobody asked for in a day, and beyond the newest 100, are dropped
    await sql`
      delete from view_results where view_id = ${viewId} and request_fingerprint <> ${fp}
      and (refreshed_at < ${new Date(now.getTime() - RESULT_TTL_MS).toISOString()}::timestamptz
        or request_fingerprint in (select request_fingerprint from view_results where view_id = ${viewId}
          order by refreshed_at desc offset ${MAX_RESULTS}))
    `.execute(trx);
    for (let i = 0; i < out.rows.length; i += INSERT_CHUNK) {
      const chunk = out.rows.slice(i, i + INSERT_CHUNK);
      await sql`
        insert into view_rows (view_id, request_fingerprint, ordinal, row)
        select ${viewId}::uuid, ${fp}, (r.o + ${i})::int, r.v
        from jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) with ordinality as r(v, o)
      `.execute(trx);
    }
  });
  return now;
}

/** Records a failed refresh beside the rows of the last good one. */
export async function storeRefreshError(ctx: AppContext, viewId: string, fp: string, error: string): Promise<void> {
  await sql`update view_results set refresh_error = ${error} where view_id = ${viewId} and request_fingerprint = ${fp}`.execute(
    ctx.db.kysely,
  );
}
