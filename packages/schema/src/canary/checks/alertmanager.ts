import { z } from 'zod';
import { checkSchema, connectionShape } from './common.js';

/**
 * `alertmanager`: list the active alerts of an Alertmanager at `url` or `connection`, narrowed by
 * `alerts` (alert name regexes), `filters` (label regexes), `exclude_filters` (label values to
 * leave out) and `ignore` (alert name regexes to leave out). Expressions see `alerts`.
 */
const labelMap = z.record(z.string().min(1), z.string());
export const alertmanagerCheckSchema = checkSchema({
  ...connectionShape,
  alerts: z.array(z.string().min(1)).optional(),
  filters: labelMap.optional(),
  exclude_filters: labelMap.optional(),
  ignore: z.array(z.string().min(1)).optional(),
}).refine((c) => !!(c.url || c.connection), {
  message: 'an alertmanager check needs url or connection',
  path: ['url'],
});
export type AlertmanagerCheck = z.infer<typeof alertmanagerCheckSchema>;
