import type { AppContext } from '../context.js';
import { saveView, validateView } from './viewYaml.js';

/**
 * The sample view of a fresh embedded database: OpsDeck's own checks (the sample canary's), in the
 * sidebar, with a check-type variable, panels by status and a table linking each check. Created
 * with the sample canary (OPSDECK_SAMPLE_DATA).
 */
export function sampleView() {
  return {
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'View',
    metadata: { name: 'opsdeck-checks', namespace: 'default', labels: { app: 'opsdeck', sample: 'true' } },
    spec: {
      display: { title: 'OpsDeck checks', icon: 'health', sidebar: true, ordinal: 1 },
      cache: { maxAge: '1m', minAge: '5s' },
      templating: [{ key: 'type', label: 'Check type', values: ['all', 'http', 'tcp', 'dns'], default: 'all' }],
      queries: { checks: { checks: { labelSelector: 'app=opsdeck' } } },
      // the variable's value is one of its options, so it is safe to inline
      merge: "select * from checks where '$(var.type)' = 'all' or type = '$(var.type)'",
      columns: [
        { name: 'id', type: 'string', primaryKey: true, hidden: true },
        { name: 'name', type: 'string', url: { template: '/health?checkId={{.id}}' } },
        { name: 'type', type: 'string', filter: { type: 'multiselect' } },
        { name: 'status', type: 'health', filter: { type: 'multiselect' } },
        { name: 'updated_at', type: 'datetime' },
      ],
      panels: [
        {
          name: 'Checks',
          type: 'number',
          query: "select count(*) as value from checks where '$(var.type)' = 'all' or type = '$(var.type)'",
        },
        {
          name: 'By status',
          type: 'piechart',
          query:
            "select coalesce(status, 'unknown') as label, count(*) as value from checks where '$(var.type)' = 'all' or type = '$(var.type)' group by 1",
        },
      ],
    },
  };
}

/** Stores the sample view. */
export async function createSampleView(ctx: AppContext): Promise<string> {
  const view = validateView(sampleView());
  const saved = await ctx.db.kysely.transaction().execute((trx) => saveView(trx, view, { source: 'System' }));
  return saved.id;
}
