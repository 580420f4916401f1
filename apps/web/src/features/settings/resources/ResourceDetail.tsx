import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { ErrorFallback } from '../../../ui/ErrorBoundary.js';
import { OriginNote } from '../../../ui/forms/OriginNote.js';
import { isUiManaged } from '../../../ui/forms/origin.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { Tabs } from '../../../ui/Tabs.js';
import { JobHistoryTable, useJobHistoryPageSize } from '../jobs/JobHistoryTable.js';
import { PermissionsTable } from '../permissions/PermissionsTable.js';
import { resourceQueries } from './api.js';
import { ResourceEditor } from './ResourceEditor.js';
import type { ResourceKind, ResourceRow } from './types.js';

function Breadcrumb({ kind, name }: { kind: ResourceKind; name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-zinc-500">
      <Link to={`/settings/${kind.table}`} className="hover:text-zinc-900">
        {kind.title}
      </Link>
      <ChevronRight aria-hidden className="h-4 w-4" />
      <span className="font-medium text-zinc-900">{name}</span>
    </nav>
  );
}

function JobsTab({ kind, id }: { kind: ResourceKind; id: string }) {
  const pageSize = useJobHistoryPageSize();
  return <JobHistoryTable jobs={useQuery(resourceQueries.jobs(kind, id, pageSize))} />;
}

/** The Spec content: the kind's notice, then its own editor, else the generic form and YAML. */
function SpecTab({ kind, row, readOnly }: { kind: ResourceKind; row?: ResourceRow; readOnly: boolean }) {
  const Editor = kind.specEditor;
  const Notice = kind.notice;
  return (
    <>
      {row && Notice && <Notice kind={kind} row={row} readOnly={readOnly} />}
      {Editor ? (
        <Editor kind={kind} row={row} readOnly={readOnly} />
      ) : (
        <ResourceEditor kind={kind} row={row} readOnly={readOnly} />
      )}
    </>
  );
}

/**
 * /settings/{table}/new and /settings/{table}/:id: Spec, the kind's own tabs (a team's Members),
 * Permissions for kinds named as subjects, and Job History for kinds with jobs.
 */
export function ResourceDetail({ kind, id }: { kind: ResourceKind; id: string }) {
  const session = useSession();
  const isNew = id === 'new';
  const one = useQuery({ ...resourceQueries.one(kind, id), enabled: !isNew });
  const [params, setParams] = useSearchParams();
  if (isNew)
    return (
      <div className="flex flex-col gap-3 p-4">
        <Breadcrumb kind={kind} name={`New ${kind.noun}`} />
        <SpecTab kind={kind} readOnly={false} />
      </div>
    );
  if (one.isPending) return <LoadingBlock />;
  if (one.isError) return <ErrorFallback error={one.error} onRetry={() => one.refetch()} />;
  if (!one.data) return <EmptyState message="No resources found" />;
  const row = one.data;
  const source = typeof row.source === 'string' ? row.source : null;
  const agentId = typeof row.agent_id === 'string' ? row.agent_id : null;
  const readOnly = !isUiManaged(source, agentId);
  const Actions = kind.actions;
  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Breadcrumb kind={kind} name={row.name} />
        <div className="flex items-center gap-3">
          <p className="text-xs text-zinc-500">
            Source {source ?? 'UI'} · Updated <Age date={row.updated_at as string} suffix=" ago" />
          </p>
          {Actions && <Actions kind={kind} row={row} readOnly={readOnly} />}
        </div>
      </div>
      {readOnly && <OriginNote source={source} agentId={agentId} kind={kind.crdKind} />}
      <Tabs
        label={kind.noun}
        value={params.get('tab') ?? 'spec'}
        onChange={(next) =>
          setParams(
            (p) => {
              p.set('tab', next);
              return p;
            },
            { replace: true },
          )
        }
        tabs={[
          {
            id: 'spec',
            label: 'Spec',
            content: <SpecTab key={`${row.id}:${String(row.updated_at)}`} kind={kind} row={row} readOnly={readOnly} />,
          },
          ...(kind.tabs ?? []).map(({ id, label, count, content: Content }) => ({
            id,
            label,
            count: count?.(row),
            content: <Content kind={kind} row={row} readOnly={readOnly} />,
          })),
          {
            id: 'permissions',
            label: 'Permissions',
            hidden: !kind.permissionsColumn || !session.can('permissions', 'update'),
            content: kind.permissionsColumn && (
              <PermissionsTable scope={{ [kind.permissionsColumn]: row.id }} hideResource={false} />
            ),
          },
          {
            id: 'jobs',
            label: 'Job History',
            hidden: !kind.jobResourceType && !kind.jobRuns,
            content: <JobsTab kind={kind} id={row.id} />,
          },
        ]}
      />
    </div>
  );
}
