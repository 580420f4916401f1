import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { useSession } from '../../app/session.js';
import { Age } from '../../ui/Age.js';
import { buttonClass } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { catalogQueries } from './api.js';
import { CatalogNav } from './CatalogNav.js';

const STATUS_CLASS: Record<string, string> = {
  RUNNING: 'bg-yellow-100 text-yellow-800',
  WARNING: 'bg-orange-100 text-orange-800',
  SUCCESS: 'bg-emerald-100 text-emerald-800',
  FAILED: 'bg-red-100 text-red-800',
};

/** The scraper types a spec lists, e.g. `file, sql`. */
const typesOf = (spec: Record<string, unknown>) =>
  Object.entries(spec)
    .filter(([, v]) => Array.isArray(v) && v.length)
    .map(([k]) => k)
    .join(', ');

/** /catalog/scrapers: every scraper with its types, schedule and last run status (job_history). */
export function ScrapersPage() {
  const navigate = useNavigate();
  const session = useSession();
  const scrapers = useQuery(catalogQueries.scrapers());
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
      <CatalogNav />
      <div className="flex justify-end">
        {session.can('config_scrapers', 'create') && (
          <Link to="/catalog/scrapers/new" className={buttonClass('primary')}>
            <Plus className="h-4 w-4" /> Add scraper
          </Link>
        )}
      </div>
      {scrapers.isLoading && <LoadingBlock />}
      {scrapers.error && <EmptyState message={errorMessage(scrapers.error)} />}
      {scrapers.data && scrapers.data.rows.length === 0 && <EmptyState message="No scrapers yet" />}
      {scrapers.data && scrapers.data.rows.length > 0 && (
        <table aria-label="Scrapers" className="w-full rounded-lg bg-white text-left text-sm ring-1 ring-zinc-200">
          <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
            <tr>
              <th className="px-3 py-2 font-medium">Name</th>
              <th className="px-3 py-2 font-medium">Types</th>
              <th className="px-3 py-2 font-medium">Schedule</th>
              <th className="px-3 py-2 font-medium">Source</th>
              <th className="px-3 py-2 font-medium">Last run</th>
              <th className="px-3 py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody>
            {scrapers.data.rows.map((s) => (
              <tr
                key={s.id}
                onClick={() => navigate(`/catalog/scrapers/${s.id}`)}
                className="cursor-pointer border-b border-zinc-100 hover:bg-zinc-50"
              >
                <td className="px-3 py-2">
                  <Link
                    to={`/catalog/scrapers/${s.id}`}
                    className="font-medium text-zinc-900 hover:underline"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {s.name}
                  </Link>
                  <span className="ml-2 text-xs text-zinc-500">{s.namespace}</span>
                </td>
                <td className="px-3 py-2 text-zinc-700">{typesOf(s.spec)}</td>
                <td className="px-3 py-2 font-mono text-xs">{String(s.spec.schedule ?? '')}</td>
                <td className="px-3 py-2 text-xs">{s.source}</td>
                <td className="px-3 py-2 text-xs text-zinc-600">
                  {s.job_last_run ? <Age date={s.job_last_run} suffix=" ago" /> : 'never'}
                </td>
                <td className="px-3 py-2">
                  {s.job_status && (
                    <span
                      className={cx(
                        'rounded px-1.5 py-0.5 text-xs font-medium',
                        STATUS_CLASS[s.job_status] ?? 'bg-zinc-100',
                      )}
                    >
                      {s.job_status}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
