import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Lock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Age } from '../../../ui/Age.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { ErrorFallback } from '../../../ui/ErrorBoundary.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { Tabs } from '../../../ui/Tabs.js';
import { isUiManaged, originOf } from '../canaries/origin.js';
import { ruleQueries } from './api.js';
import { IncidentRuleEditor } from './IncidentRuleEditor.js';
import { RuleJobHistory } from './RuleJobHistory.js';

function Breadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-zinc-500">
      <Link to="/settings/incident_rules" className="hover:text-zinc-900">
        Incident Rules
      </Link>
      <ChevronRight aria-hidden className="h-4 w-4" />
      <span className="font-medium text-zinc-900">{name}</span>
    </nav>
  );
}

/** Where a rule that is not the UI's own comes from, and that it is changed there (spec part 2 section 4). */
function ReadOnlyNote({ source }: { source: string | null }) {
  const origin = originOf(source, null, 'IncidentRule');
  return (
    <div
      role="note"
      className="flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <Lock aria-hidden className="h-4 w-4 shrink-0" />
      <span>
        Read-only: this rule is managed by{' '}
        {origin.href ? (
          <Link to={origin.href} className="font-medium underline">
            {origin.label}
          </Link>
        ) : (
          <strong>{origin.label}</strong>
        )}{' '}
        (source {source}). Change it there.
      </span>
    </div>
  );
}

/** /settings/incident_rules/new and /settings/incident_rules/:id: a new rule, or one rule's Spec and Job History. */
export function IncidentRuleDetail({ id }: { id: string }) {
  const isNew = id === 'new';
  const rule = useQuery({ ...ruleQueries.byId(id), enabled: !isNew });
  const [params, setParams] = useSearchParams();

  if (isNew) {
    return (
      <div className="flex flex-col gap-3 p-4">
        <Breadcrumb name="New incident rule" />
        <IncidentRuleEditor readOnly={false} />
      </div>
    );
  }
  if (rule.isPending) return <LoadingBlock />;
  if (rule.isError) return <ErrorFallback error={rule.error} onRetry={() => rule.refetch()} />;
  if (!rule.data) return <EmptyState message="No resources found" />;
  const row = rule.data;
  const readOnly = !isUiManaged(row.source);
  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Breadcrumb name={row.name} />
        <p className="flex items-center gap-1.5 text-xs text-zinc-500">
          <span>Source {row.source ?? 'UI'}</span>
          {row.created_by && (
            <>
              <span aria-hidden>·</span>
              <span>Created by {row.created_by.name}</span>
            </>
          )}
          <span aria-hidden>·</span>
          <span>
            Updated <Age date={row.updated_at} suffix=" ago" />
          </span>
        </p>
      </div>
      {readOnly && <ReadOnlyNote source={row.source} />}
      <Tabs
        label="Incident rule"
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
            content: <IncidentRuleEditor key={`${row.id}:${row.updated_at}`} row={row} readOnly={readOnly} />,
          },
          { id: 'jobs', label: 'Job History', content: <RuleJobHistory ruleId={row.id} /> },
        ]}
      />
    </div>
  );
}
