import { z } from 'zod';
import { parseCidr } from '../cidr.js';

/**
 * `OPSDECK_TRUST_PROXY`: which peers' X-Forwarded-* headers are believed (Fastify's trustProxy):
 * `false` (default), `true`, or comma-separated addresses/CIDRs (`loopback`, `10.0.0.0/8`).
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((v): boolean | string => {
    const s = v.trim();
    if (s === '' || s === 'false') return false;
    if (s === 'true') return true;
    return s;
  });

/** A comma-separated list of CIDRs (or bare addresses); refused at startup when one is malformed. */
const cidrList = z.string().transform((v, ctx) => {
  const out: string[] = [];
  for (const raw of v.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    if (!parseCidr(item)) {
      ctx.addIssue({ code: 'custom', message: `'${item}' is not an address or CIDR (e.g. 10.0.0.0/8, ::1)` });
      return z.NEVER;
    }
    out.push(item);
  }
  return out;
});

/** The HTTP hardening part of the environment. */
export const httpEnvSchema = z.object({
  OPSDECK_TRUST_PROXY: trustProxy,
  OPSDECK_METRICS_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  OPSDECK_METRICS_ALLOW: cidrList.default(['127.0.0.1/8', '::1/128']),
});

/** Proxy trust and who may scrape /metrics. */
export interface HttpConfig {
  trustProxy: boolean | string;
  /** `Authorization: Bearer <token>` that opens /metrics from any address. */
  metricsToken: string | undefined;
  /** Addresses (CIDRs) that may read /metrics without the token. */
  metricsAllow: string[];
}

export function httpConfigFrom(e: z.infer<typeof httpEnvSchema>): HttpConfig {
  return {
    trustProxy: e.OPSDECK_TRUST_PROXY,
    metricsToken: e.OPSDECK_METRICS_TOKEN,
    metricsAllow: e.OPSDECK_METRICS_ALLOW,
  };
}
