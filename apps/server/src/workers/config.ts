import { z } from 'zod';

/** The worker heartbeat part of the environment (docs/deployment.md, How the work is split). */
export const workersEnvSchema = z.object({
  /** How often a worker process writes its heartbeat, in seconds (default 5). */
  OPSDECK_HEARTBEAT_SECONDS: z.coerce.number().positive().max(3600).default(5),
  /** A worker unheard for this long is taken for dead (default three heartbeats). */
  OPSDECK_WORKER_TIMEOUT_SECONDS: z.coerce.number().positive().max(86_400).optional(),
});

export interface WorkersConfig {
  heartbeatMs: number;
  staleAfterMs: number;
}

export function workersConfigFrom(e: z.infer<typeof workersEnvSchema>): WorkersConfig {
  const heartbeatMs = Math.round(e.OPSDECK_HEARTBEAT_SECONDS * 1000);
  const staleAfterMs = Math.round((e.OPSDECK_WORKER_TIMEOUT_SECONDS ?? 3 * e.OPSDECK_HEARTBEAT_SECONDS) * 1000);
  if (staleAfterMs <= heartbeatMs) {
    throw new Error(
      'invalid configuration: OPSDECK_WORKER_TIMEOUT_SECONDS must be longer than OPSDECK_HEARTBEAT_SECONDS',
    );
  }
  return { heartbeatMs, staleAfterMs };
}
