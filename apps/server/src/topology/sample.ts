import type { AppContext } from '../context.js';
import { SAMPLE_LOG_BACKEND } from '../logs/sample.js';
import { saveTopology } from './topologies.js';
import { validateTopology } from './topologyYaml.js';

/**
 * The sample topology of a fresh embedded database: OpsDeck itself, its API (linked to the sample
 * canary's http and tcp checks), its database (looked up from /ready) and name resolution, so the
 * Dashboard is not empty on day one. Created with the sample canary (OPSDECK_SAMPLE_DATA).
 */
export function sampleTopology(host: string, port: number, withLogs = false) {
  const target = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  const base = `http://${target.includes(':') ? `[${target}]` : target}:${port}`;
  // one JSON component built from /ready: the database engine and whether it answers
  const database = `'[{"name":"Database","type":"database","icon":"database","status":"' + (json.status == 'ok' ? 'healthy' : 'unhealthy') + '","properties":[{"name":"engine","label":"Engine","text":"' + json.database + '","headline":true}]}]'`;
  return {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Topology',
    metadata: { name: 'opsdeck', namespace: 'default', labels: { app: 'opsdeck', sample: 'true' } },
    spec: {
      schedule: '@every 5m',
      text: 'OpsDeck',
      icon: 'server',
      type: 'application',
      components: [
        {
          name: 'API',
          type: 'service',
          icon: 'http',
          checks: [{ selector: { labelSelector: 'app=opsdeck', types: ['http', 'tcp'] } }],
          properties: [{ name: 'url', label: 'URL', text: base, type: 'url' }],
          // OpsDeck's own log, through the sample log backend
          ...(withLogs ? { logs: [{ name: 'opsdeck', backend: SAMPLE_LOG_BACKEND }] } : {}),
        },
        { name: 'database', lookup: { http: [{ name: 'ready', url: `${base}/ready`, display: { expr: database } }] } },
        { name: 'Name resolution', type: 'dns', icon: 'network', checks: [{ selector: { name: 'localhost' } }] },
      ],
    },
  };
}

/** Stores the sample topology; it runs within seconds (a saved topology is due at once). */
export async function createSampleTopology(ctx: AppContext, port: number): Promise<string> {
  const topology = validateTopology(sampleTopology(ctx.config.host, port, Boolean(ctx.config.logFile)));
  const saved = await ctx.db.kysely.transaction().execute((trx) => saveTopology(trx, topology, { source: 'System' }));
  return saved.id;
}
