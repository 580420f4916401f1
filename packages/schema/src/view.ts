import { z } from 'zod';
import type { AppReportSection } from './application.js';
import { metadataSchema } from './canary/canary.js';
import { durationSchema } from './time/duration.js';
import { type ViewColumn, viewColumnSchema } from './views/column.js';
import { viewDisplaySchema } from './views/display.js';
import { type ViewPanel, viewPanelSchema } from './views/panel.js';
import { viewQuerySchema } from './views/query.js';
import { type ViewSection, viewSectionSchema } from './views/section.js';
import { viewSelectorSchema } from './views/selector.js';

export * from './views/column.js';
export * from './views/display.js';
export * from './views/envVar.js';
export * from './views/panel.js';
export * from './views/query.js';
export * from './views/section.js';
export * from './views/selector.js';

/**
 * The View resource as Mission Control writes it (`apiVersion: mission-control.flanksource.com/v1`,
 * `kind: View`): named queries (catalog configs and changes, checks, sql, prometheus, http, other
 * views' tables), an optional SQL `merge` over them, typed columns, panels, templating variables,
 * sections, config tabs and a cache. Unknown fields are refused with their path.
 */

export const VIEW_API_VERSION = 'mission-control.flanksource.com/v1';

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

const durationText = durationSchema;

export const viewSpecSchema = z
  .strictObject({
    description: z.string().optional(),
    display: viewDisplaySchema.optional(),
    queries: z
      .record(z.string().regex(/^[a-z_][a-z0-9_]*$/i, 'letters, digits and _ only'), viewQuerySchema)
      .optional(),
    merge: z.string().optional(),
    /** `column: CEL` over the row; the CRD keeps this map open, so only string values are meaningful. */
    mapping: z.record(z.string(), z.string({ error: 'expected a CEL expression (string)' })).optional(),
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
    const sectionsOnly = (spec.sections?.length ?? 0) > 0;
    if (!queries.length && !sectionsOnly)
      ctx.addIssue({
        code: 'custom',
        path: ['queries'],
        message: 'a view needs at least one query (or only sections)',
      });
    if (queries.length && !spec.panels?.length && !spec.columns?.length && !sectionsOnly)
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
  /** Written by Mission Control's controller (`lastRan`); an exported file carries it, OpsDeck keeps its own refresh times. */
  status: z.unknown().optional(),
});
export type ViewResource = z.infer<typeof viewSchema>;

/** A row of `views_summary` (id, name, namespace, title, icon, ordinal, sidebar). */
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
  sections: ViewSection[];
  /** What each uiRef section lists (null for a viewRef section), by its index in `sections`. */
  sectionResults: Array<AppReportSection | null>;
  totalRows: number;
}

/** `GET /api/view/{id}/rows`: one page of rows. */
export interface ViewRowsPage {
  total: number;
  rows: Array<Record<string, unknown>>;
}
