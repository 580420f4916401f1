import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { Tabs } from '../../../ui/Tabs.js';
import { canaryQueries } from './api.js';
import { CanarySpecEditor } from './CanarySpecEditor.js';
import { DerivedChecks } from './DerivedChecks.js';
import { JobHistoryTab } from './JobHistoryTab.js';
import { isUiManaged, originOf } from './origin.js';

/** /settings/canaries/new and /settings/canaries/:id: the Spec and Job History tabs of one health check. */
export function CanaryDetailPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const canary = useQuery({ ...canaryQueries.byId(id), enabled: !isNew });

  if (!isNew && canary.isLoading) return <LoadingBlock />;
  if (!isNew && canary.error) return <EmptyState message={errorMessage(canary.error)} />;
  const row = isNew ? undefined : (canary.data ?? undefined);
  if (!isNew && !row) return <EmptyState message="No resources found" />;
  const readOnly = !!row && !isUiManaged(row.source, row.agent_id);
  const origin = row && readOnly ? originOf(row.source, row.agent_id) : undefined;

  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex items-center gap-2">
        <Link to="/settings/canaries" className="text-zinc-500 hover:text-zinc-900" aria-label="Back to health checks">
          <ArrowLeft className="h-4 w-4" />
        </Link>
        <h2 className="text-base font-semibold text-zinc-900">{row ? row.name : 'New health check'}</h2>
        {row && <span className="text-xs text-zinc-500">{row.namespace}</span>}
      </div>
      {origin && (
        <div
          role="note"
          className="flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <Lock className="h-4 w-4 shrink-0" aria-hidden />
          <span>
            Read-only: this health check is managed by{' '}
            {origin.href ? (
              <Link to={origin.href} className="font-medium underline">
                {origin.label}
              </Link>
            ) : (
              <strong>{origin.label}</strong>
            )}{' '}
            (source {row?.source ?? 'unknown'}). Change it there.
          </span>
        </div>
      )}
      {row ? (
        <Tabs
          label="Health check"
          tabs={[
            {
              id: 'spec',
              label: 'Spec',
              content: (
                <div className="flex flex-col gap-4">
                  <CanarySpecEditor key={row.id} row={row} readOnly={readOnly} />
                  <DerivedChecks canaryId={row.id} />
                </div>
              ),
            },
            { id: 'jobs', label: 'Job History', content: <JobHistoryTab canaryId={row.id} /> },
          ]}
        />
      ) : (
        <CanarySpecEditor readOnly={false} />
      )}
    </div>
  );
}
