import { useQuery } from '@tanstack/react-query';
import { Goal } from 'lucide-react';
import { Link } from 'react-router';
import { objectiveQueries } from './api.js';
import { formatPercent } from './format.js';

/**
 * The health page's word on the objectives: how many there are, how many burn or are spent, and the
 * smallest budget left, linking to /objectives. Nothing without objectives.
 */
export function BudgetBadge() {
  const list = useQuery(objectiveQueries.list());
  const objectives = list.data?.objectives ?? [];
  if (objectives.length === 0) return null;
  const burning = objectives.filter((o) => o.status === 'critical' || o.status === 'warning').length;
  const spent = objectives.filter((o) => o.status === 'exhausted').length;
  const lowest = Math.min(...objectives.map((o) => o.budget.remaining_percent));
  const alarm = burning + spent > 0;
  return (
    <Link
      to="/objectives"
      data-testid="budget-badge"
      className={`mx-4 mt-2 inline-flex items-center gap-1.5 self-start rounded px-2 py-1 text-xs ring-1 ${
        alarm ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-zinc-50 text-zinc-600 ring-zinc-200'
      }`}
    >
      <Goal className="h-3.5 w-3.5" aria-hidden />
      {objectives.length} {objectives.length === 1 ? 'objective' : 'objectives'}
      {burning > 0 && ` · ${burning} burning`}
      {spent > 0 && ` · ${spent} out of budget`}
      {` · lowest budget left ${formatPercent(lowest)}`}
    </Link>
  );
}
