import { z } from 'zod';
import { durationSchema } from '../../time/duration.js';
import { checkSchema, connectionShape, envVarSchema, namedEnvVarSchema, unsupportedField } from './common.js';

/** Client TLS settings for an HTTPS check: extra CA, client certificate and key (PEM). */
export const tlsConfigSchema = z.strictObject({
  ca: envVarSchema.optional(),
  cert: envVarSchema.optional(),
  key: envVarSchema.optional(),
  insecureSkipVerify: z.boolean().optional(),
  // the CRD writes a Go duration in nanoseconds (an integer); OpsDeck keeps a duration text
  handshakeTimeout: z
    .union([
      durationSchema,
      z
        .number()
        .int()
        .positive()
        .transform((ns) => `${Math.max(1, Math.round(ns / 1e6))}ms`),
    ])
    .optional(),
});

/** OAuth2 client credentials: client id and secret come from username and password. */
export const oauth2Schema = z.strictObject({
  tokenURL: z.url({ message: 'tokenURL must be an absolute URL' }),
  scope: z.array(z.string()).optional(),
  params: z.record(z.string(), z.string()).optional(),
});

/** HTTP methods an http check may send. */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** `http`: requests `url` and checks status, content, latency and the TLS certificate. */
/** Signs each request with AWS Signature Version 4 (API Gateway, OpenSearch, Lambda URLs). */
export const awsSigV4Schema = z.strictObject({
  accessKey: envVarSchema,
  secretKey: envVarSchema,
  sessionToken: envVarSchema.optional(),
  region: z.string().min(1, 'region is required'),
  /** The signing name of the AWS service (`execute-api`, `es`, `lambda`, ...). */
  service: z.string().min(1, 'service is required'),
  connection: unsupportedField('AWS connections are not supported here; set accessKey and secretKey'),
  assumeRole: unsupportedField(
    'assumeRole is not supported; set the role credentials as accessKey, secretKey and sessionToken',
  ),
});

/** Follows links from the page (same origin and `allowedDomains`) and fails on a broken one. */
export const crawlSchema = z.strictObject({
  /** Link hops from the checked page (default 1); at most 100 pages are fetched in all. */
  depth: z.number().int().min(0).max(10).optional(),
  /** Hosts besides the page's own whose links are followed. */
  allowedDomains: z.array(z.string().min(1)).optional(),
  disallowedDomains: z.array(z.string().min(1)).optional(),
  /** Regular expressions: only matching URLs are followed / matching URLs are skipped. */
  allowedURLFilters: z.array(z.string().min(1)).optional(),
  disallowedURLFilters: z.array(z.string().min(1)).optional(),
  delay: unsupportedField('crawl delay is not supported; pages are fetched one at a time'),
  randomDelay: unsupportedField('crawl randomDelay is not supported; pages are fetched one at a time'),
  parallelism: unsupportedField('crawl parallelism is not supported; pages are fetched one at a time'),
});

/** NTLM's challenge and response must share one connection; OpsDeck's HTTP client does not pin one. */
const NTLM_REFUSED =
  'NTLM authentication is not supported: it needs its handshake on one kept connection, which OpsDeck does not do; use basic, digest or oauth2';

export const httpCheckSchema = checkSchema({
  ...connectionShape,
  /** Deprecated alias of `url`. */
  endpoint: z.string().optional(),
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(z.enum(HTTP_METHODS, { message: `method must be one of ${HTTP_METHODS.join(', ')}` }))
    .optional(),
  headers: z.array(namedEnvVarSchema).optional(),
  body: z.string().optional(),
  /** Render `body` as a Go-style template with `env` values. */
  templateBody: z.boolean().optional(),
  env: z.array(namedEnvVarSchema).optional(),
  /** Accepted status codes; any 2xx when unset. */
  responseCodes: z.array(z.number().int().min(100).max(599)).optional(),
  /** A substring the response body must contain. */
  responseContent: z.string().optional(),
  /** Deprecated: the JSONPath `path` of the body must equal `value`. */
  responseJSONContent: z.strictObject({ path: z.string().min(1), value: z.string() }).optional(),
  /** Fail when the certificate expires within this many days. */
  maxSSLExpiry: z.number().int().min(0).optional(),
  /** Redirects to follow (default 10); 0 reports the redirect itself (assert 301 + Location). */
  maxRedirects: z.number().int().min(0).max(50).optional(),
  digest: z.boolean().optional(),
  oauth2: oauth2Schema.optional(),
  tlsConfig: tlsConfigSchema.optional(),
  ntlm: unsupportedField(NTLM_REFUSED),
  ntlmv2: unsupportedField(NTLM_REFUSED),
  awsSigV4: awsSigV4Schema.optional(),
  crawl: crawlSchema.optional(),
})
  .refine((c) => !!(c.url || c.endpoint || c.connection), {
    message: 'an http check needs url or connection',
    path: ['url'],
  })
  // GET may carry a body (search engines take their query that way); HEAD never does.
  .refine((c) => c.body === undefined || c.method !== 'HEAD', {
    message: 'a HEAD request has no body',
    path: ['body'],
  });
export type HttpCheck = z.infer<typeof httpCheckSchema>;
