import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cx } from '../../../ui/cx.js';
import { canaryQueries } from './api.js';

/** The checks the server derived from the saved spec, each linking to its detail on the health page. */
export function DerivedChecks({ canaryId }: { canaryId: string }) {
  const checks = useQuery(canaryQueries.checks(canaryId));
  const rows = checks.data ?? [];
  return (
    <section aria-label="Derived checks" className="rounded-lg border border-zinc-200 bg-zinc-50 p-3">
      <h3 className="mb-2 text-sm font-semibold text-zinc-800">Checks on the health page ({rows.length})</h3>
      {rows.length === 0 ? (
        <p className="text-xs text-zinc-500">{checks.isLoading ? 'Loading…' : 'No checks derived from this spec.'}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {rows.map((c) => (
            <li key={c.id} className="flex items-center gap-2 text-sm">
              <span
                aria-hidden
                className={cx(
                  'h-2 w-2 rounded-full',
                  c.status === 'healthy' ? 'bg-emerald-500' : c.status === 'unhealthy' ? 'bg-red-500' : 'bg-zinc-300',
                )}
              />
              <span className="rounded bg-white px-1.5 py-0.5 font-mono text-xs text-zinc-600 ring-1 ring-zinc-200">
                {c.type}
              </span>
              <Link to={`/health?checkId=${c.id}`} className="text-zinc-900 hover:underline">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
