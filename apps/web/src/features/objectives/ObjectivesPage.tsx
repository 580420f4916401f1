import { useQuery } from '@tanstack/react-query';
import { Goal, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { TopBarExtra } from '../../app/layout/topBarContext.js';
import { useSession } from '../../app/session.js';
import { buttonClass } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { objectiveQueries } from './api.js';
import { ObjectiveCard } from './ObjectiveCard.js';

/** Where an objective is added: the generic settings editor. */
export const NEW_OBJECTIVE = '/settings/service_level_objectives/new';

/** /objectives: a card per service level objective with its attainment and error budget. */
export function ObjectivesPage() {
  const list = useQuery(objectiveQueries.list());
  const canCreate = useSession().can('canaries', 'create');
  const objectives = list.data?.objectives;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
      {canCreate && (
        <TopBarExtra>
          <Link to={NEW_OBJECTIVE} className={buttonClass('primary', 'sm', 'ml-auto gap-1.5')}>
            <Plus className="h-4 w-4" aria-hidden />
            New objective
          </Link>
        </TopBarExtra>
      )}
      {list.isLoading && <LoadingBlock />}
      {list.error && <EmptyState message={errorMessage(list.error)} />}
      {objectives && objectives.length === 0 && (
        <EmptyState message="No objectives yet" icon={<Goal className="h-8 w-8" />}>
          <p className="max-w-md text-xs">
            An objective sets a target for checks over a rolling window ("99.9% of minutes over 30 days") and alerts
            when its error budget burns too fast.{' '}
            {canCreate ? (
              <Link to={NEW_OBJECTIVE} className="font-medium text-indigo-700 hover:underline">
                Add one in Settings › Objectives
              </Link>
            ) : (
              'Ask an editor to add one in Settings › Objectives'
            )}
            .
          </p>
        </EmptyState>
      )}
      {objectives && objectives.length > 0 && (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          {objectives.map((o) => (
            <ObjectiveCard key={o.id} objective={o} />
          ))}
        </div>
      )}
    </div>
  );
}
