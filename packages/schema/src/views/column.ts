import { z } from 'zod';

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
  'url',
  'badge',
] as const;
export type ViewColumnType = (typeof VIEW_COLUMN_TYPES)[number];

/**
 * A gauge bound: a number, or a string holding one or a template (`{{ .row.capacity }}`, CEL
 * `$(row.capacity)` style is not used here) that the server renders per row (columns) or over the
 * first row (panels).
 */
export const gaugeBoundSchema = z.union([z.number(), z.string()]);

const thresholdSchema = z.strictObject({
  percent: z.number(),
  color: z.string(),
  /** Deprecated alias kept by the CRD; `percent` is what decides the colour. */
  value: z.number().optional(),
});

export const gaugeSchema = z.strictObject({
  min: gaugeBoundSchema.optional(),
  max: gaugeBoundSchema.optional(),
  precision: z.number().int().min(0).max(10).optional(),
  unit: z.string().optional(),
  thresholds: z.array(thresholdSchema).optional(),
});
export type ViewGauge = z.infer<typeof gaugeSchema>;

export const CARD_POSITIONS = ['title', 'subtitle', 'deck', 'body', 'footer', 'headerRight'] as const;

export const viewColumnSchema = z.strictObject({
  name: z.string().regex(/^[a-z_][a-z0-9_]*$/i, 'letters, digits and _ only'),
  type: z.enum(VIEW_COLUMN_TYPES),
  primaryKey: z.boolean().optional(),
  description: z.string().optional(),
  hidden: z.boolean().optional(),
  width: z.string().optional(),
  unit: z.string().optional(),
  /** An icon name, or CEL over the row (`row.health`) naming one. */
  icon: z.string().optional(),
  /** A `url` column that links another column instead of showing itself. */
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
  configItem: z.strictObject({ idField: z.string().optional() }).optional(),
  badge: z
    .strictObject({
      color: z
        .strictObject({ auto: z.boolean().optional(), map: z.record(z.string(), z.string()).optional() })
        .optional(),
    })
    .optional(),
  card: z
    .strictObject({ position: z.enum(CARD_POSITIONS).optional(), useForAccent: z.boolean().optional() })
    .optional(),
  /** Deprecated alias of `card.position`. */
  cardPosition: z.enum(CARD_POSITIONS).optional(),
});
export type ViewColumn = z.infer<typeof viewColumnSchema>;
