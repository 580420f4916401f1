import { z } from 'zod';
import { checkSchema, connectionShape, emptyResultShape, unsupportedField } from './common.js';

const NOT_NTLM = 'NTLM and digest authentication are not supported for prometheus checks: use username and password';

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
  bearer: unsupportedField('bearer is not supported for prometheus checks yet: use username and password'),
  oauth: unsupportedField('oauth is not supported for prometheus checks yet: use username and password'),
  tls: unsupportedField('custom TLS settings are not supported: use a connection (its insecure_tls applies)'),
  ntlm: unsupportedField(NOT_NTLM),
  ntlmv2: unsupportedField(NOT_NTLM),
  digest: unsupportedField(NOT_NTLM),
}).refine((c) => !!(c.url || c.host || c.connection), {
  message: 'a prometheus check needs url, host or connection',
  path: ['url'],
});
export type PrometheusCheck = z.infer<typeof prometheusCheckSchema>;
