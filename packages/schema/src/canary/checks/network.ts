import { z } from 'zod';
import { checkSchema } from './common.js';

/** `host:port` with a port in 1..65535 (IPv6 hosts in brackets: `[::1]:443`). */
const hostPort = z.string().superRefine((v, ctx) => {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^\s:/[\]]+):(\d{1,5})$/.exec(v);
  if (!m) ctx.addIssue({ code: 'custom', message: 'expected host:port' });
  else if (Number(m[2]) < 1 || Number(m[2]) > 65535) {
    ctx.addIssue({ code: 'custom', message: 'port must be between 1 and 65535' });
  }
});

/** `tcp`: opens a TCP connection to `endpoint` (`host:port`). */
export const tcpCheckSchema = checkSchema({ endpoint: hostPort });
export type TcpCheck = z.infer<typeof tcpCheckSchema>;

/** `icmp`: pings `endpoint` (a host name or address) `packetCount` times. */
export const icmpCheckSchema = checkSchema({
  endpoint: z.string().regex(/^[^\s/]+$/, 'expected a host name or IP address'),
  /** Highest acceptable packet loss, in percent (default 0: any loss fails). */
  packetLossThreshold: z.number().min(0).max(100).optional(),
  packetCount: z.number().int().min(1).max(100).optional(),
});
export type IcmpCheck = z.infer<typeof icmpCheckSchema>;

/** DNS record types a dns check can query. */
export const DNS_QUERY_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'PTR', 'SRV', 'TXT', 'NS'] as const;

/** `dns`: resolves `query` as `querytype` through `server` (the system resolver when empty). */
export const dnsCheckSchema = checkSchema({
  server: z.string().optional(),
  port: z.number().int().min(1).max(65535).optional(),
  query: z.string().min(1, 'query is required'),
  querytype: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(DNS_QUERY_TYPES, { message: `querytype must be one of ${DNS_QUERY_TYPES.join(', ')}` }))
    .optional(),
  minrecords: z.number().int().min(0).optional(),
  /** Every one of these must be among the answers (exact, order-insensitive). */
  exactreply: z.array(z.string()).optional(),
});
export type DnsCheck = z.infer<typeof dnsCheckSchema>;

/** `tls`: connects to `endpoint` (`host:port`, port 443 when omitted) and checks its certificate. */
export const tlsCheckSchema = checkSchema({
  endpoint: z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[^\s:/[\]]+)(:\d{1,5})?$/, 'expected host or host:port'),
  /** SNI and the name the certificate must match; the endpoint's host when unset. */
  serverName: z.string().optional(),
  /** Fail when the certificate expires within this many days. */
  maxSSLExpiry: z.number().int().min(0).optional(),
  /** PEM of an extra CA to trust (e.g. a private CA). */
  ca: z.string().optional(),
  /** Report the certificate without failing on an untrusted chain or a name mismatch. */
  insecureSkipVerify: z.boolean().optional(),
});
export type TlsCheck = z.infer<typeof tlsCheckSchema>;
