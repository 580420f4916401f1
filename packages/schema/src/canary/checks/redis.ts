import { z } from 'zod';
import { checkSchema, connectionShape } from './common.js';
import { tlsConfigSchema } from './http.js';

/** `redis`: PING the server at `addr` (`host:port`), `url` (`redis://`, `rediss://`) or `connection`. */
export const redisCheckSchema = checkSchema({
  ...connectionShape,
  addr: z.string().min(1).optional(),
  /** Database index to select; 0 when unset. */
  db: z.number().int().min(0).max(65535).optional(),
  /** TLS to the server (also implied by a `rediss://` url): `enable`, and the http check's ca/cert/key/insecureSkipVerify. */
  tlsConfig: tlsConfigSchema.extend({ enable: z.boolean().optional() }).optional(),
}).refine((c) => !!(c.addr || c.url || c.connection), {
  message: 'a redis check needs addr, url or connection',
  path: ['addr'],
});
export type RedisCheck = z.infer<typeof redisCheckSchema>;
