import { z } from 'zod';
import { metadataSchema } from './canary/canary.js';

/**
 * The View resource as the reference writes it (`apiVersion: mission-control.flanksource.com/v1`,
 * `kind: View`): named queries (catalog configs and changes, checks, sql, prometheus, http), an
 * optional SQL `merge` over them, typed columns, panels, templating variables, sections and a
 * cache. Unknown fields are refused with their path.
 */

export const VIEW_API_VERSION = 'mission-control.flanksource.com/v1';

export const VIEW_COLUMN_TYPES = [
  'string',
  'number',
  'decimal',
  'boolean',
  'datetime',
  'duration',
  'health',
  'status',
  'gauge',
  'bytes',
  'millicore',
  'labels',
  'config_item',
] as const;
export type ViewColumnType = (typeof VIEW_COLUMN_TYPES)[number];

export const VIEW_PANEL_TYPES = [
  'number',
  'duration',
  'gauge',
  'bargauge',
  'piechart',
  'table',
  'text',
  'properties',
  'timeseries',
] as const;
export type ViewPanelType = (typeof VIEW_PANEL_TYPES)[number];

/** A catalog ResourceSelector (configs, changes, checks). */
export const viewSelectorSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  agent: z.string().optional(),
  search: z.string().optional(),
  types: z.array(z.string()).optional(),
  statuses: z.array(z.string()).optional(),
  health: z.string().optional(),
  tagSelector: z.string().optional(),
  labelSelector: z.string().optional(),
  includeDeleted: z.boolean().optional(),
  limit: z.number().int().positive().max(10_000).optional(),
});
export type ViewSelector = z.infer<typeof viewSelectorSchema>;

const headerMap = z.record(z.string(), z.string());

export const viewQuerySchema = z
  .strictObject({
    configs: viewSelectorSchema.optional(),
    changes: viewSelectorSchema.optional(),
    checks: viewSelectorSchema.optional(),
    sql: z.strictObject({ connection: z.string().min(1), query: z.string().min(1) }).optional(),
    prometheus: z
      .strictObject({
        query: z.string().min(1),
        url: z.string().optional(),
        connection: z.string().optional(),
      })
      .refine((p) => Boolean(p.url || p.connection), 'prometheus needs url or connection')
      .optional(),
    http: z
      .strictObject({
        url: z.string().min(1),
        connection: z.string().optional(),
        method: z.enum(['GET', 'POST']).optional(),
        body: z.string().optional(),
        headers: headerMap.optional(),
        jsonpath: z.string().optional(),
      })
      .optional(),
    /** Column types of this query's table, for the merge (`name: type`). */
    columns: z.record(z.string(), z.enum(VIEW_COLUMN_TYPES)).optional(),
  })
  .superRefine((q, ctx) => {
    const sources = (['configs', 'changes', 'checks', 'sql', 'prometheus', 'http'] as const).filter((k) => q[k]);
    if (sources.length !== 1)
      ctx.addIssue({
        code: 'custom',
        message: `exactly one of configs, changes, checks, sql, prometheus, http (got ${sources.length ? sources.join(', ') : 'none'})`,
      });
  });
export type ViewQuery = z.infer<typeof viewQuerySchema>;

const thresholdSchema = z.strictObject({ percent: z.number(), color: z.string() });
const gaugeSchema = z.strictObject({
  min: z.number().optional(),
  max: z.number().optional(),
  precision: z.number().int().min(0).max(10).optional(),
  unit: z.string().optional(),
  thresholds: z.array(thresholdSchema).optional(),
});

export const viewColumnSchema = z.strictObject({
  name: z.string().regex(/^[a-z_][a-z0-9_]*$/i, 'letters, digits and _ only'),
  type: z.enum(VIEW_COLUMN_TYPES),
  primaryKey: z.boolean().optional(),
  description: z.string().optional(),
  hidden: z.boolean().optional(),
  width: z.string().optional(),
  unit: z.string().optional(),
  icon: z.string().optional(),
  for: z.string().optional(),
  filter: z.strictObject({ type: z.enum(['multiselect']) }).optional(),
  url: z
    .strictObject({
      config: z.string().optional(),
      view: z
        .strictObject({
          namespace: z.string().optional(),
          name: z.string(),
          filter: z.record(z.string(), z.string()).optional(),
        })
        .optional(),
      template: z.string().optional(),
    })
    .optional(),
  gauge: gaugeSchema.optional(),
  configItem: z.strictObject({ idField: z.string() }).optional(),
  badge: z.looseObject({}).optional(),
  card: z.strictObject({ position: z.string().optional(), useForAccent: z.boolean().optional() }).optional(),
});
export type ViewColumn = z.infer<typeof viewColumnSchema>;

export const viewPanelSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  type: z.enum(VIEW_PANEL_TYPES),
  query: z.string().min(1),
  number: z.strictObject({ unit: z.string().optional(), precision: z.number().int().optional() }).optional(),
  gauge: gaugeSchema.optional(),
  bargauge: gaugeSchema.extend({ group: z.string().optional(), format: z.string().optional() }).optional(),
  piechart: z
    .strictObject({ showLabels: z.boolean().optional(), colors: z.record(z.string(), z.string()).optional() })
    .optional(),
  timeseries: z
    .strictObject({
      timeKey: z.string().optional(),
      valueKey: z.string().optional(),
      style: z.string().optional(),
      legend: z.string().optional(),
    })
    .optional(),
});
export type ViewPanel = z.infer<typeof viewPanelSchema>;

export const viewVariableSchema = z
  .strictObject({
    key: z.string().regex(/^[a-z_][a-z0-9_]*$/i, 'letters, digits and _ only'),
    label: z.string().optional(),
    values: z.array(z.string()).optional(),
    valueFrom: z
      .strictObject({ config: viewSelectorSchema, label: z.string().optional(), value: z.string().optional() })
      .optional(),
    default: z.string().optional(),
    dependsOn: z.array(z.string()).optional(),
  })
  .refine((v) => Boolean(v.values || v.valueFrom), 'a variable needs values or valueFrom');
export type ViewVariable = z.infer<typeof viewVariableSchema>;

const viewRefSchema = z.strictObject({ namespace: z.string().optional(), name: z.string().min(1) });

export const viewSectionSchema = z.strictObject({
  title: z.string().min(1),
  icon: z.string().optional(),
  viewRef: viewRefSchema,
});

export const viewDisplaySchema = z.strictObject({
  title: z.string().optional(),
  icon: z.string().optional(),
  sidebar: z.boolean().optional(),
  ordinal: z.number().int().optional(),
  card: z
    .strictObject({ columns: z.number().int().min(1).max(6).optional(), default: z.boolean().optional() })
    .optional(),
  table: z.strictObject({ sort: z.string().optional(), size: z.number().int().min(1).max(500).optional() }).optional(),
});

const durationText = z.string().regex(/^\d+(ms|s|m|h|d)$/, 'a duration such as 10s, 15m or 1h');

export const viewSpecSchema = z
  .strictObject({
    display: viewDisplaySchema.optional(),
    queries: z
      .record(z.string().regex(/^[a-z_][a-z0-9_]*$/i, 'letters, digits and _ only'), viewQuerySchema)
      .optional(),
    merge: z.string().optional(),
    mapping: z.record(z.string(), z.string()).optional(),
    columns: z.array(viewColumnSchema).optional(),
    panels: z.array(viewPanelSchema).optional(),
    templating: z.array(viewVariableSchema).optional(),
    sections: z.array(viewSectionSchema).optional(),
    cache: z
      .strictObject({
        maxAge: durationText.optional(),
        minAge: durationText.optional(),
        refreshTimeout: durationText.optional(),
      })
      .optional(),
  })
  .superRefine((spec, ctx) => {
    const queries = Object.keys(spec.queries ?? {});
    const sectionsOnly = !queries.length && (spec.sections?.length ?? 0) > 0;
    if (!queries.length && !sectionsOnly)
      ctx.addIssue({
        code: 'custom',
        path: ['queries'],
        message: 'a view needs at least one query (or only sections)',
      });
    if (queries.length && !spec.panels?.length && !spec.columns?.length)
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'a view needs panels or columns' });
    if (queries.length > 1 && spec.columns?.length && !spec.merge)
      ctx.addIssue({
        code: 'custom',
        path: ['merge'],
        message: 'several queries with columns need a merge (SQL over the query tables)',
      });
    if (spec.columns?.length && !spec.columns.some((c) => c.primaryKey))
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'one column must be the primaryKey' });
    const names = new Set<string>();
    spec.columns?.forEach((c, i) => {
      if (names.has(c.name))
        ctx.addIssue({ code: 'custom', path: ['columns', i, 'name'], message: `duplicate column ${c.name}` });
      names.add(c.name);
    });
    for (const key of Object.keys(spec.mapping ?? {})) {
      if (!names.has(key)) ctx.addIssue({ code: 'custom', path: ['mapping', key], message: 'not a declared column' });
    }
  });
export type ViewSpec = z.infer<typeof viewSpecSchema>;

export const viewSchema = z.strictObject({
  apiVersion: z.literal(VIEW_API_VERSION, { error: `expected ${VIEW_API_VERSION}` }),
  kind: z.literal('View', { error: 'expected View' }),
  metadata: metadataSchema,
  spec: viewSpecSchema,
});
export type ViewResource = z.infer<typeof viewSchema>;

/** A row of `views_summary` (spec part 1: id, name, namespace, title, icon, ordinal, sidebar). */
export const viewSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  title: z.string().nullable(),
  icon: z.string().nullable(),
  ordinal: z.number().nullable(),
  sidebar: z.boolean(),
});
export type ViewSummary = z.infer<typeof viewSummarySchema>;

/** One variable as the view answer carries it: its options and the value in effect. */
export interface ViewVariableResult {
  key: string;
  label: string;
  options: string[];
  optionItems: Array<{ label: string; value: string }>;
  default?: string;
  value?: string;
}

/** A panel's result: its definition plus the rows of its query. */
export type ViewPanelResult = ViewPanel & { rows: Array<Record<string, unknown>> };

/** `GET|POST /api/view/...`: everything but the rows (those are paged from `/rows`). */
export interface ViewResult {
  id: string;
  namespace: string;
  name: string;
  title: string;
  icon?: string;
  refreshStatus: 'cache' | 'fresh' | 'error';
  refreshError?: string;
  lastRefreshedAt?: string;
  requestFingerprint: string;
  columns: ViewColumn[];
  panels: ViewPanelResult[];
  variables: ViewVariableResult[];
  columnOptions: Record<string, { list: string[] }>;
  card?: { columns?: number; default?: boolean };
  table?: { sort?: string; size?: number };
  sections: Array<{ title: string; icon?: string; viewRef: { namespace?: string; name: string } }>;
  totalRows: number;
}

/** `GET /api/view/{id}/rows`: one page of rows. */
export interface ViewRowsPage {
  total: number;
  rows: Array<Record<string, unknown>>;
}
