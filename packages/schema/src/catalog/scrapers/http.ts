import { z } from 'zod';
import { envVarSchema, namedEnvVarSchema, unsupportedField } from '../../canary/checks/common.js';
import { durationSchema } from '../../time/duration.js';
import { scraperSchema } from '../base.js';

export const HTTP_SCRAPER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Following pages of a paginated API. */
export const httpPaginationSchema = z.strictObject({
  /** CEL over `response` ({status, headers, body, url}) and `page` (1, 2, ...): the next URL, or '' / null to stop. */
  nextPageExpr: z.string({ error: 'nextPageExpr is required' }).min(1, 'nextPageExpr is required'),
  /** CEL over `pages` (every page's body): the config; default: the pages' arrays concatenated. */
  reduceExpr: z.string().min(1).optional(),
  /** Pages read at most (default 100). */
  maxPages: z.number().int().positive().max(10_000).optional(),
  /** Passed to the expressions as `perPage`. */
  perPage: z.number().int().positive().optional(),
  /** Wait between two pages. */
  delay: durationSchema.optional(),
});
export type HttpPagination = z.infer<typeof httpPaginationSchema>;

/**
 * The `http` scraper: one request (`method`, `headers`, `body`) to `url` or to a stored
 * `connection` (its URL and credentials); the response's JSON (or YAML, or text) is one config,
 * `items` splits it. `env` values are available to `url`, `body` and header values as
 * `{{.env.NAME}}` templates. `pagination` follows further pages.
 */
export const httpScraperSchema = scraperSchema({
  url: z.string().min(1, 'must not be empty').optional(),
  connection: z.string().min(1, 'must not be empty').optional(),
  method: z.enum(HTTP_SCRAPER_METHODS, { error: `expected one of ${HTTP_SCRAPER_METHODS.join(', ')}` }).optional(),
  headers: z.array(namedEnvVarSchema).optional(),
  body: z.string().optional(),
  env: z.array(namedEnvVarSchema).optional(),
  username: envVarSchema.optional(),
  password: envVarSchema.optional(),
  /** Skip TLS verification of the server's certificate. */
  insecureSkipVerify: z.boolean().optional(),
  pagination: httpPaginationSchema.optional(),
  bearer: unsupportedField('bearer is not supported: send it as a header (name: Authorization, value: Bearer ...)'),
  oauth: unsupportedField('oauth is not supported for the http scraper yet: send a token as a header'),
  tls: unsupportedField('custom TLS settings are not supported: insecureSkipVerify skips verification'),
  ntlm: unsupportedField('NTLM authentication is not supported: use username and password (basic)'),
  ntlmv2: unsupportedField('NTLM authentication is not supported: use username and password (basic)'),
  digest: unsupportedField('digest authentication is not supported: use username and password (basic)'),
}).superRefine((s, ctx) => {
  if (!s.url && !s.connection)
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'url or connection is required' });
});
export type HttpScraper = z.infer<typeof httpScraperSchema>;
