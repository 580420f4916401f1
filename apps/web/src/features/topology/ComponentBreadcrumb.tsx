import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { topologyQueries } from './api.js';

/**
 * Where a drilled-into component sits: Dashboard, then its ancestors, then itself; each step back
 * keeps the page's filters (`search`).
 */
export function ComponentBreadcrumb({ id, name, search }: { id: string; name: string; search: string }) {
  const ancestors = useQuery(topologyQueries.ancestors(id));
  return (
    <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 px-4 pt-3 text-sm text-zinc-500">
      <Link to={`/topology${search}`} className="hover:text-zinc-900">
        Dashboard
      </Link>
      {(ancestors.data ?? []).map((a) => (
        <span key={a.id} className="flex items-center gap-1">
          <ChevronRight aria-hidden className="h-4 w-4" />
          <Link to={`/topology/${a.id}${search}`} className="hover:text-zinc-900">
            {a.name}
          </Link>
        </span>
      ))}
      <ChevronRight aria-hidden className="h-4 w-4" />
      <span aria-current="page" className="font-medium text-zinc-900">
        {name}
      </span>
    </nav>
  );
}
