import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../app/session.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { LinkToCatalogButton } from '../catalog/LinkToCatalog.js';
import { fetchCheckRelationships, fetchCheckSpec, type Relationship } from './api.js';
import { toYaml } from './yaml.js';

/** The Spec tab: the check's spec as YAML. */
export function CheckSpec({ checkId }: { checkId: string }) {
  const spec = useQuery({
    queryKey: ['health', 'spec', checkId],
    queryFn: ({ signal }) => fetchCheckSpec(checkId, signal).then((value) => value ?? null),
  });
  if (spec.isPending) return <LoadingBlock />;
  const value = spec.data;
  if (!value) return <EmptyState message="No details found" />;
  return (
    <pre data-testid="check-spec" className="overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs text-zinc-800">
      {toYaml(value)}
    </pre>
  );
}

export type { Relationship } from './api.js';

/** Components and configs linked to the check, cached for a minute. */
export function useRelationships(checkId: string) {
  return useQuery({
    queryKey: ['health', 'relationships', checkId],
    queryFn: ({ signal }) => fetchCheckRelationships(checkId, signal),
    staleTime: 60_000,
  });
}

/** The Relationships tab: links to /topology/{id} for components and /catalog/{id} for configs, and Link to catalog. */
export function CheckRelationships({ items, checkId }: { items: Relationship[]; checkId: string }) {
  const session = useSession();
  return (
    <div className="flex flex-col gap-2">
      {session.can('config_scrapers', 'create') && (
        <div>
          <LinkToCatalogButton checkId={checkId} />
        </div>
      )}
      {items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {items.map((r) => (
            <li key={`${r.kind}:${r.id}`}>
              <Link
                className="text-indigo-700 hover:underline"
                to={r.kind === 'component' ? `/topology/${r.id}` : `/catalog/${r.id}`}
              >
                {r.name ?? r.id}
              </Link>
              {r.type && <span className="ml-2 text-xs text-zinc-500">{r.type}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
