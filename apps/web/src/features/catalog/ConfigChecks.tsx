import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.js';
import { TypeIcon } from '../../ui/icons/TypeIcon.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { catalogQueries } from './api.js';
import { HealthDot } from './HealthBadge.js';

/** The Checks tab: health checks linked to the item. */
export function ConfigChecks({ configId }: { configId: string }) {
  const checks = useQuery(catalogQueries.checks(configId));
  if (checks.isLoading) return <LoadingBlock />;
  const rows = (checks.data ?? []).filter((r) => r.check);
  if (!rows.length) return <EmptyState message="No linked health checks" />;
  return (
    <ul aria-label="Linked checks" className="flex flex-col gap-1 text-sm">
      {rows.map((r) => (
        <li key={r.check_id} className="flex items-center gap-2">
          <HealthDot health={r.check?.status} />
          <TypeIcon type={r.check?.type} />
          <Link to={`/health?checkId=${r.check_id}`} className="text-indigo-700 hover:underline">
            {r.check?.name}
          </Link>
          <span className="text-xs text-zinc-500">{r.check?.type}</span>
          {r.selector_id && <span className="text-xs text-zinc-400">{r.selector_id}</span>}
        </li>
      ))}
    </ul>
  );
}
