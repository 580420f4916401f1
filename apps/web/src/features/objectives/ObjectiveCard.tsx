import type { ObjectiveFigures } from '@opsdeck/schema';
import { Link } from 'react-router';
import { BurnDownChart } from './BurnDownChart.js';
import { formatMinutes, formatPercent } from './format.js';
import { StatusBadge } from './StatusBadge.js';

/** One objective on /objectives: target, attainment, budget left with its burn-down, status. */
export function ObjectiveCard({ objective: o }: { objective: ObjectiveFigures }) {
  return (
    <article
      aria-label={o.name}
      className="flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-zinc-200"
      data-testid="objective-card"
    >
      <header className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Link to={`/objectives/${o.id}`} className="font-medium text-indigo-700 hover:underline">
            {o.name}
          </Link>
          <p className="truncate text-xs text-zinc-500">{o.description || `${o.namespace} · ${o.indicator}`}</p>
        </div>
        <StatusBadge status={o.status} />
      </header>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-zinc-500">Target</dt>
          <dd className="text-sm font-medium text-zinc-900">
            {formatPercent(o.target)} <span className="text-xs font-normal text-zinc-500">/ {o.window}</span>
          </dd>
        </div>
        <div>
          <dt className="text-zinc-500">Attainment</dt>
          <dd className="text-sm font-medium text-zinc-900" data-testid="attainment">
            {formatPercent(o.attainment)}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-500">Budget left</dt>
          <dd className="text-sm font-medium text-zinc-900" data-testid="budget-remaining">
            {formatPercent(o.budget.remaining_percent)}
            <span className="block text-xs font-normal text-zinc-500">
              {formatMinutes(o.budget.remaining_minutes)} of {formatMinutes(o.budget.total_minutes)}
            </span>
          </dd>
        </div>
      </dl>
      <BurnDownChart points={o.burn_down} height={110} />
      <p className="text-xs text-zinc-500">
        {o.exhaustion
          ? `At the current burn the budget runs out ${new Date(o.exhaustion).toLocaleString()}`
          : o.status === 'exhausted'
            ? 'The budget is spent'
            : 'Not burning'}
        {' · '}
        {o.check_count} {o.check_count === 1 ? 'check' : 'checks'}
      </p>
    </article>
  );
}
