import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

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

function parseCidr(item: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', bits] = item.split('/');
  const version = isIP(address);
  if (!version) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits)))
    return undefined;
  return { address, prefix, family };
}

/** A matcher for addresses in `cidrs`; IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) count as IPv4. */
export function addressMatcher(cidrs: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const c of cidrs) {
    const p = parseCidr(c);
    if (p) list.addSubnet(p.address, p.prefix, p.family);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const version = isIP(plain);
    if (!version) return false;
    return list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}
