import { z } from 'zod';
import { viewSelectorSchema } from './selector.js';

/** A config tab: the view shows as a tab on the pages of the config items the selector matches. */
export const viewPluginSchema = z.strictObject({
  configTab: viewSelectorSchema,
  /** Variables of the view filled from the config: Go templates over `.config` (`{{ .config.tags.cluster }}`). */
  variables: z.record(z.string(), z.string()).optional(),
  /** Column filters applied to the view's rows in the tab (`column=value`, comma separated; templated like variables). */
  filter: z.string().optional(),
});
export type ViewPlugin = z.infer<typeof viewPluginSchema>;

export const viewDisplaySchema = z.strictObject({
  title: z.string().optional(),
  icon: z.string().optional(),
  sidebar: z.boolean().optional(),
  ordinal: z.number().int().optional(),
  card: z
    .strictObject({ columns: z.number().int().min(1).max(6).optional(), default: z.boolean().optional() })
    .optional(),
  table: z
    .strictObject({
      sort: z
        .string()
        .regex(/^[+-]?[A-Za-z0-9_.]+(\s+(asc|desc))?$/, 'a column name, "-" in front for descending')
        .optional(),
      size: z.number().int().min(1).max(500).optional(),
    })
    .optional(),
  plugins: z.array(viewPluginSchema).optional(),
});
