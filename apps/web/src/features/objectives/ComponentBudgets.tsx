import { useQuery } from '@tanstack/react-query';
import { Goal } from 'lucide-react';
import { Link } from 'react-router';
import { objectiveQueries } from './api.js';
import { formatPercent } from './format.js';

/**
 * A component panel's budget badges: one per objective whose indicator reads the component's
 * checks, with the budget left, red while it burns or is spent, linking to the objective. Nothing
 * when no objective reads the component.
 */
export function ComponentBudgets({ componentId }: { componentId: string }) {
  const list = useQuery(objectiveQueries.forComponent(componentId));
  const objectives = list.data?.objectives ?? [];
  if (objectives.length === 0) return null;
  return (
    <ul aria-label="Objectives" className="mb-3 flex flex-wrap gap-2">
      {objectives.map((o) => {
        const alarm = o.status === 'critical' || o.status === 'warning' || o.status === 'exhausted';
        return (
          <li key={o.id}>
            <Link
              to={`/objectives/${o.id}`}
              className={`inline-flex items-center gap-1.5 rounded px-2 py-1 text-xs ring-1 ${
                alarm ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-zinc-50 text-zinc-600 ring-zinc-200'
              }`}
            >
              <Goal className="h-3.5 w-3.5" aria-hidden />
              {o.name} · budget left {formatPercent(o.budget.remaining_percent)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
