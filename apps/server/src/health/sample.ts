import type { AppContext } from '../context.js';
import { saveCanary } from './canaries.js';
import { validateCanary } from './canaryYaml.js';

/** Whether to create the sample canary: on unless `OPSDECK_SAMPLE_DATA=false`. */
export function sampleDataEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !['false', '0', 'no', 'off'].includes((env.OPSDECK_SAMPLE_DATA ?? '').trim().toLowerCase());
}

/** The sample canary: OpsDeck checking itself over HTTP, TCP and DNS, every minute. */
export function sampleCanary(host: string, port: number) {
  const target = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  const hostPort = target.includes(':') ? `[${target}]:${port}` : `${target}:${port}`;
  return {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'opsdeck-self', namespace: 'default', labels: { app: 'opsdeck', sample: 'true' } },
    spec: {
      schedule: '@every 1m',
      http: [
        {
          name: 'opsdeck-health',
          description: 'OpsDeck answers its own health endpoint',
          url: `http://${hostPort}/health`,
          responseCodes: [200],
          thresholdMillis: 2000,
        },
      ],
      tcp: [{ name: 'opsdeck-port', description: 'OpsDeck accepts connections', endpoint: hostPort }],
      dns: [{ name: 'localhost', description: 'localhost resolves', query: 'localhost', querytype: 'A' }],
    },
  };
}

/**
 * Creates the sample canary on a fresh embedded database so a newcomer sees live data at once.
 * Deleting it keeps it deleted: it is only created when the database was just created.
 */
export async function createSampleCanary(ctx: AppContext, port: number): Promise<string | undefined> {
  const canary = validateCanary(sampleCanary(ctx.config.host, port));
  const saved = await ctx.db.kysely
    .transaction()
    .execute((trx) => saveCanary(trx, canary, { source: 'UI', clock: ctx.clock }));
  // the first run within seconds rather than somewhere in the first minute
  await ctx.db.kysely
    .updateTable('canary_schedules')
    .set({ next_runtime: new Date(ctx.clock.now().getTime() + 2000) })
    .where('canary_id', '=', saved.id)
    .execute();
  return saved.id;
}
