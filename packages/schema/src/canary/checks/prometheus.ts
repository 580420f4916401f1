import { z } from 'zod';
import { checkSchema, connectionShape, emptyResultShape } from './common.js';
import { requiredString } from './required.js';

/**
 * `prometheus`: run the PromQL `query` (an instant query) against `url` (or the older `host`, or
 * a `connection`). Expressions see `results` (one object per sample: its labels and `value`),
 * `value` (the first sample's value) and `firstResult`. `markFailOnEmpty` fails an answer
 * without samples.
 */
export const prometheusCheckSchema = checkSchema({
  ...connectionShape,
  ...emptyResultShape,
  host: z.string().min(1).optional(),
  query: requiredString('query'),
}).refine((c) => !!(c.url || c.host || c.connection), {
  message: 'a prometheus check needs url, host or connection',
  path: ['url'],
});
export type PrometheusCheck = z.infer<typeof prometheusCheckSchema>;
