import { execFile } from 'node:child_process';
import { type IcmpCheck, icmpCheckSchema } from '@opsdeck/schema';
import { type CheckType, failure } from './types.js';

/**
 * Pings `endpoint` with the system `ping` (iputils; no raw-socket privilege needed in the server),
 * `packetCount` echoes 200ms apart, and fails on packet loss above `packetLossThreshold` percent or
 * an average round trip above `thresholdMillis`. `results` has the loss and min/avg/max rtt.
 */

const PING = process.env.OPSDECK_PING_PATH ?? '/usr/bin/ping';

/** Packet counts and round-trip times from ping's summary, or undefined when it printed none. */
export function parsePingOutput(
  out: string,
): { transmitted: number; received: number; packetLoss: number; min?: number; avg?: number; max?: number } | undefined {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received.*?([\d.]+)% packet loss/.exec(out);
  if (!counts) return undefined;
  const rtt = /= ([\d.]+)\/([\d.]+)\/([\d.]+)/.exec(out);
  return {
    transmitted: Number(counts[1]),
    received: Number(counts[2]),
    packetLoss: Number(counts[3]),
    ...(rtt ? { min: Number(rtt[1]), avg: Number(rtt[2]), max: Number(rtt[3]) } : {}),
  };
}

function ping(host: string, count: number, waitSeconds: number, signal: AbortSignal) {
  return new Promise<{ stdout: string; stderr: string; code: number }>((resolve, reject) => {
    execFile(
      PING,
      ['-n', '-c', String(count), '-i', '0.2', '-W', String(waitSeconds), '--', host],
      { signal, env: { LANG: 'C', LC_ALL: 'C', PATH: '/usr/bin:/bin' }, timeout: 0 },
      (err, stdout, stderr) => {
        if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') {
          reject(new Error(`${PING} not found; install iputils-ping`));
        } else if (err && err.name === 'AbortError') {
          reject(signal.reason instanceof Error ? signal.reason : err);
        } else {
          resolve({ stdout, stderr, code: typeof err?.code === 'number' ? err.code : 0 });
        }
      },
    );
  });
}

export const icmpCheck: CheckType<IcmpCheck> = {
  type: 'icmp',
  schema: icmpCheckSchema,
  /** Each run is a child process; keep a burst of them bounded. */
  concurrency: 20,
  defaultTimeoutMs: 30_000,
  ownsThreshold: true,
  endpoint: (spec) => spec.endpoint,
  async run(spec, ctx) {
    const count = spec.packetCount ?? 3;
    const wait = Math.max(1, Math.min(10, Math.floor(ctx.timeoutMs / 1000 / count)));
    let out: Awaited<ReturnType<typeof ping>>;
    try {
      out = await ping(spec.endpoint, count, wait, ctx.signal);
    } catch (err) {
      return failure(err);
    }
    const stats = parsePingOutput(out.stdout);
    if (!stats) {
      const why = out.stderr.trim().replace(/^ping: /, '') || `ping exited with ${out.code}`;
      return failure(new Error(`icmp ${spec.endpoint}: ${why}`));
    }
    const results = { ...stats, packetCount: count };
    const data = { results, ...results };
    const threshold = spec.packetLossThreshold ?? 0;
    if (stats.packetLoss > threshold) {
      const error = `icmp ${spec.endpoint}: ${stats.packetLoss}% packet loss, above ${threshold}%`;
      return { pass: false, error, message: error, data };
    }
    if (spec.thresholdMillis && stats.avg !== undefined && stats.avg > spec.thresholdMillis) {
      const error = `icmp ${spec.endpoint}: average round trip ${stats.avg}ms, over ${spec.thresholdMillis}ms`;
      return { pass: false, error, message: error, data };
    }
    return {
      pass: true,
      message: `${stats.received}/${stats.transmitted} replies, avg ${stats.avg ?? '?'}ms`,
      data,
      metrics: stats.avg !== undefined ? [{ name: 'icmp_rtt_avg_ms', value: stats.avg }] : [],
    };
  },
};
