import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Age } from '../../../../ui/Age.js';
import { isUiManaged } from '../../../../ui/forms/origin.js';
import { CanarySpecEditor } from '../../canaries/CanarySpecEditor.js';
import { docChecks, docFromRow } from '../../canaries/canaryDoc.js';
import { DerivedChecks } from '../../canaries/DerivedChecks.js';
import type { KindPartProps, ResourceKind, ResourceRow } from '../types.js';

/** The check types of a canary row, each once, in the editor's order (`http, redis`). */
export function checkTypesOf(row: ResourceRow): string[] {
  const spec = row.spec && typeof row.spec === 'object' ? (row.spec as Record<string, unknown>) : {};
  return [...new Set(docChecks(docFromRow({ name: row.name, namespace: '', labels: null, spec })).map((c) => c.type))];
}

/** A canary's schedule; a spec without one runs every minute. */
export function scheduleOf(row: ResourceRow): string {
  const schedule = (row.spec as Record<string, unknown> | null)?.schedule;
  return typeof schedule === 'string' && schedule ? schedule : '@every 1m';
}

/** The Spec tab: the form builder and YAML, then the checks the server derived from the saved spec. */
function CanarySpec(props: KindPartProps) {
  return (
    <div className="flex flex-col gap-4">
      <CanarySpecEditor {...props} />
      {props.row && <DerivedChecks canaryId={props.row.id} />}
    </div>
  );
}

/**
 * Health checks (canaries): the list from `canaries_with_status` with each one's check types,
 * schedule and last run; the Spec tab is the per-check-type form builder and YAML editor over the
 * Canary document (`specEditor`), so `fields` and `yamlColumns` stay empty. Job History lists the
 * canary's scheduled runs.
 */
export const canariesKind: ResourceKind = {
  table: 'canaries',
  title: 'Health Checks',
  noun: 'health check',
  resource: 'canaries',
  listRelation: 'canaries_with_status',
  listSelect: 'id,name,namespace,spec,source,agent_id,job_status,updated_at',
  columns: [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      cell: (r) => (
        <Link to={`/settings/canaries/${r.id}`} className="font-medium text-zinc-900 hover:underline">
          {r.name}
        </Link>
      ),
    },
    { id: 'namespace', header: 'Namespace', sortable: true, cell: (r) => String(r.namespace ?? '') },
    {
      id: 'checks',
      header: 'Checks',
      cell: (r) => <span className="font-mono text-xs text-zinc-600">{checkTypesOf(r).join(', ')}</span>,
    },
    { id: 'schedule', header: 'Schedule', cell: (r) => <span className="font-mono text-xs">{scheduleOf(r)}</span> },
    {
      id: 'source',
      header: 'Source',
      sortable: true,
      cell: (r) => (
        <span className="inline-flex items-center gap-1 text-xs text-zinc-600">
          {!isUiManaged(r.source as string | null, r.agent_id as string | null) && (
            <Lock className="h-3 w-3" aria-label="Read-only" />
          )}
          {String(r.source ?? '')}
        </span>
      ),
    },
    {
      id: 'job_status',
      header: 'Last run',
      sortable: true,
      cell: (r) => <span className="text-xs">{String(r.job_status ?? '')}</span>,
    },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,namespace,labels,spec,source,agent_id,created_at,updated_at',
  fields: [],
  yamlColumns: [],
  blank: () => ({ name: '', namespace: 'default' }),
  specEditor: CanarySpec,
  jobResourceType: 'canary',
  crdKind: 'Canary',
};
