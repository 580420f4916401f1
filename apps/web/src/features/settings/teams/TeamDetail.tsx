import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { ErrorFallback } from '../../../ui/ErrorBoundary.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { Tabs } from '../../../ui/Tabs.js';
import { teamQueries } from './api.js';
import { TeamMembers } from './TeamMembers.js';

/** /settings/teams/:id: the team's Spec and Members tabs; the breadcrumb goes back to the list. */
export function TeamDetail({ id }: { id: string }) {
  const session = useSession();
  const team = useQuery(teamQueries.detail(id));
  const members = useQuery(teamQueries.members(id));
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'members';

  if (team.isPending) return <LoadingBlock />;
  if (team.isError) return <ErrorFallback error={team.error} onRetry={() => team.refetch()} />;
  if (!team.data) return <EmptyState message="No resources found" />;
  const t = team.data;
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-zinc-500">
        <Link to="/settings/teams" className="hover:text-zinc-900">
          Teams
        </Link>
        <ChevronRight aria-hidden className="h-4 w-4" />
        <span className="font-medium text-zinc-900">{t.name}</span>
      </nav>
      <Tabs
        label="Team"
        value={tab}
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
            content: (
              <pre className="overflow-auto rounded-lg bg-white p-4 font-mono text-xs text-zinc-800 ring-1 ring-zinc-200">
                {JSON.stringify({ name: t.name, icon: t.icon, spec: t.spec ?? {} }, null, 2)}
              </pre>
            ),
          },
          {
            id: 'members',
            label: 'Members',
            count: members.data?.length,
            content: <TeamMembers teamId={t.id} canEdit={session.can('identities', 'update')} />,
          },
        ]}
      />
    </div>
  );
}
