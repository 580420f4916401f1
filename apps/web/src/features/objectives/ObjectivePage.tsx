import type { ObjectiveDetail } from '@opsdeck/schema';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { objectiveQueries } from './api.js';
import { BurnDownChart } from './BurnDownChart.js';
import { formatMinutes, formatPercent } from './format.js';
import { StatusBadge } from './StatusBadge.js';

const when = (iso: string) => new Date(iso).toLocaleString();

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg bg-white p-3 ring-1 ring-zinc-200">
      <h2 className="mb-2 text-sm font-medium text-zinc-800">{title}</h2>
      {children}
    </section>
  );
}

const cell = 'px-2 py-1.5';

/** /objectives/:id: the budget's figures and burn-down, the checks read, bad intervals, incidents and maintenance. */
export function ObjectivePage() {
  const { id = '' } = useParams();
  const detail = useQuery(objectiveQueries.detail(id));
  if (detail.isLoading) return <LoadingBlock />;
  if (detail.error || !detail.data)
    return <EmptyState message={detail.error ? errorMessage(detail.error) : 'Not found'} />;
  const o: ObjectiveDetail = detail.data;
  const names = new Map(o.checks.map((c) => [c.id, c.name]));
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
      <header className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold text-zinc-900">{o.name}</h1>
          <p className="text-xs text-zinc-500">
            {o.description ? `${o.description} · ` : ''}
            {formatPercent(o.target)} of minutes good over {o.window} ({o.indicator})
          </p>
        </div>
        <StatusBadge status={o.status} />
        <Link
          to={`/settings/service_level_objectives/${o.id}`}
          className="text-xs font-medium text-indigo-700 hover:underline"
        >
          Edit
        </Link>
      </header>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {[
          ['Attainment', formatPercent(o.attainment)],
          ['Budget left', formatPercent(o.budget.remaining_percent)],
          ['Spent', `${formatMinutes(o.budget.consumed_minutes)} of ${formatMinutes(o.budget.total_minutes)}`],
          ['Good / bad minutes', `${o.good_minutes} / ${o.bad_minutes}`],
          ['Exhaustion', o.exhaustion ? when(o.exhaustion) : o.status === 'exhausted' ? 'Spent' : 'Not burning'],
        ].map(([k, v]) => (
          <div key={k} className="rounded-lg bg-white p-3 ring-1 ring-zinc-200">
            <dt className="text-xs text-zinc-500">{k}</dt>
            <dd className="text-sm font-medium text-zinc-900">{v}</dd>
          </div>
        ))}
      </dl>
      <Section title="Error budget remaining">
        <BurnDownChart points={o.burn_down} height={200} />
      </Section>
      <Section title="Burn rates">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-zinc-500">
            <tr>
              <th className={cell}>Severity</th>
              <th className={cell}>Threshold</th>
              <th className={cell}>Long window</th>
              <th className={cell}>Short window</th>
              <th className={cell}>Firing</th>
            </tr>
          </thead>
          <tbody>
            {o.burn_rates.map((b) => (
              <tr key={`${b.severity}-${b.long}-${b.short}`} className="border-t border-zinc-100">
                <td className={cell}>{b.severity}</td>
                <td className={cell}>{b.burn_rate}×</td>
                <td className={cell}>
                  {b.long}: {b.rate_long}×
                </td>
                <td className={cell}>
                  {b.short}: {b.rate_short}×
                </td>
                <td className={cell}>{b.firing ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <Section title={`Checks (${o.checks.length})`}>
          <ul className="flex flex-col gap-1 text-sm">
            {o.checks.map((c) => (
              <li key={c.id} className="flex items-center gap-2">
                <Link to={`/health?checkId=${c.id}`} className="text-indigo-700 hover:underline">
                  {c.name}
                </Link>
                <span className="text-xs text-zinc-500">{c.status ?? ''}</span>
              </li>
            ))}
            {o.checks.length === 0 && <li className="text-xs text-zinc-500">The selector matches no check.</li>}
          </ul>
        </Section>
        <Section title={`Bad intervals (${o.bad_intervals.length})`}>
          <ul className="flex max-h-64 flex-col gap-1 overflow-auto text-sm">
            {[...o.bad_intervals].reverse().map((b) => (
              <li key={b.start} className="flex flex-wrap items-center gap-2">
                <span>
                  {when(b.start)} – {when(b.end)}
                </span>
                <span className="text-xs text-zinc-500">{b.minutes} min</span>
                {b.check_ids.map((id) => (
                  <Link key={id} to={`/health?checkId=${id}`} className="text-xs text-indigo-700 hover:underline">
                    {names.get(id) ?? id}
                  </Link>
                ))}
              </li>
            ))}
            {o.bad_intervals.length === 0 && <li className="text-xs text-zinc-500">No bad minutes in the window.</li>}
          </ul>
        </Section>
        <Section title={`Incidents (${o.incidents.length})`}>
          <ul className="flex flex-col gap-1 text-sm">
            {o.incidents.map((i) => (
              <li key={i.id}>
                <Link to={`/incidents/${i.id}`} className="text-indigo-700 hover:underline">
                  {i.title}
                </Link>{' '}
                <span className="text-xs text-zinc-500">
                  {i.severity} · {i.status} · {when(i.created_at)}
                </span>
              </li>
            ))}
            {o.incidents.length === 0 && <li className="text-xs text-zinc-500">No incident about these checks.</li>}
          </ul>
        </Section>
        <Section title={`Maintenance (${o.maintenance.length})`}>
          <ul className="flex flex-col gap-1 text-sm">
            {o.maintenance.map((m) => (
              <li key={`${m.id}-${m.start}`}>
                {m.name}{' '}
                <span className="text-xs text-zinc-500">
                  {when(m.start)} – {when(m.end)} (not counted)
                </span>
              </li>
            ))}
            {o.maintenance.length === 0 && <li className="text-xs text-zinc-500">No maintenance in the window.</li>}
          </ul>
        </Section>
      </div>
    </div>
  );
}
