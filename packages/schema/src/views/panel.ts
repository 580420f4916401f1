import { z } from 'zod';
import { gaugeSchema } from './column.js';

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
  'heatmap',
] as const;
export type ViewPanelType = (typeof VIEW_PANEL_TYPES)[number];

/** `calendar`: a month-by-month grid of days; `compact`: one strip of cells in time order. */
export const HEATMAP_MODES = ['calendar', 'compact'] as const;

/** A panel; settings of another type than its own (`gauge` on a table) are kept and unused. */
export const viewPanelSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  type: z.enum(VIEW_PANEL_TYPES),
  query: z.string().min(1),
  number: z.strictObject({ unit: z.string().optional(), precision: z.number().int().optional() }).optional(),
  gauge: gaugeSchema.optional(),
  bargauge: gaugeSchema
    .extend({ group: z.string().optional(), format: z.enum(['percentage', 'multiplier']).optional() })
    .optional(),
  piechart: z
    .strictObject({ showLabels: z.boolean().optional(), colors: z.record(z.string(), z.string()).optional() })
    .optional(),
  /** The CRD leaves a table panel's settings open; OpsDeck shows every column of the rows. */
  table: z.record(z.string(), z.unknown()).optional(),
  timeseries: z
    .strictObject({
      timeKey: z.string().optional(),
      valueKey: z.string().optional(),
      style: z.string().optional(),
      legend: z.string().optional(),
    })
    .optional(),
  heatmap: z
    .strictObject({
      mode: z.enum(HEATMAP_MODES).optional(),
      /** The column holding each cell's date (default: `date`, `day`, `timestamp` or `time`). */
      timeKey: z.string().optional(),
      /** The column holding each cell's value (default: `value` or `count`). */
      valueKey: z.string().optional(),
    })
    .optional(),
});
export type ViewPanel = z.infer<typeof viewPanelSchema>;
