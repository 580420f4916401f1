import { goDurationSetting } from '@opsdeck/schema';
import { z } from 'zod';

const duration = goDurationSetting('10s or 1m');

/** Agent mode: set OPSDECK_UPSTREAM_URL and this OpsDeck pushes what it runs to that one. */
export const upstreamEnvSchema = z.object({
  OPSDECK_UPSTREAM_URL: z.string().optional(),
  OPSDECK_AGENT_NAME: z.string().optional(),
  OPSDECK_UPSTREAM_TOKEN: z.string().optional(),
  OPSDECK_UPSTREAM_PUSH_INTERVAL: duration.default(10_000),
  OPSDECK_UPSTREAM_PING_INTERVAL: duration.default(20_000),
  OPSDECK_UPSTREAM_PULL_INTERVAL: duration.default(30_000),
});

export interface UpstreamConfig {
  /** Base URL of the upstream OpsDeck (no trailing slash). */
  url: string;
  agentName: string;
  token: string;
  pushIntervalMs: number;
  pingIntervalMs: number;
  /** How often the canaries and scrapers assigned upstream are pulled. */
  pullIntervalMs: number;
}

/** Undefined unless OPSDECK_UPSTREAM_URL is set; then the agent name and token are required. */
export function upstreamConfigFrom(e: z.infer<typeof upstreamEnvSchema>): UpstreamConfig | undefined {
  if (!e.OPSDECK_UPSTREAM_URL) return undefined;
  if (!/^https?:\/\//.test(e.OPSDECK_UPSTREAM_URL)) {
    throw new Error('invalid configuration: OPSDECK_UPSTREAM_URL: use an http:// or https:// URL');
  }
  if (!e.OPSDECK_AGENT_NAME)
    throw new Error('invalid configuration: OPSDECK_AGENT_NAME is required with OPSDECK_UPSTREAM_URL');
  if (!e.OPSDECK_UPSTREAM_TOKEN) {
    throw new Error('invalid configuration: OPSDECK_UPSTREAM_TOKEN is required with OPSDECK_UPSTREAM_URL');
  }
  return {
    url: e.OPSDECK_UPSTREAM_URL.replace(/\/+$/, ''),
    agentName: e.OPSDECK_AGENT_NAME,
    token: e.OPSDECK_UPSTREAM_TOKEN,
    pushIntervalMs: e.OPSDECK_UPSTREAM_PUSH_INTERVAL,
    pingIntervalMs: e.OPSDECK_UPSTREAM_PING_INTERVAL,
    pullIntervalMs: e.OPSDECK_UPSTREAM_PULL_INTERVAL,
  };
}
