import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client.js';
import { useSession } from '../../app/session.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { LinkToCatalogButton } from '../catalog/LinkToCatalog.js';
import { toYaml } from './yaml.js';

/** The Spec tab: the check's spec as YAML. */
export function CheckSpec({ checkId }: { checkId: string }) {
  const spec = useQuery({
    queryKey: ['health', 'spec', checkId],
    queryFn: ({ signal }) =>
      api.get<Array<{ spec: unknown }>>('/api/db/checks', { params: { id: `eq.${checkId}`, select: 'spec' }, signal }),
  });
  if (spec.isPending) return <LoadingBlock />;
  const value = spec.data?.[0]?.spec;
  if (!value) return <EmptyState message="No details found" />;
  return (
    <pre data-testid="check-spec" className="overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs text-zinc-800">
      {toYaml(value)}
    </pre>
  );
}

export interface Relationship {
  kind: 'component' | 'config';
  id: string;
  name?: string;
  type?: string;
}

/**
 * Components and configs linked to the check (check_component_relationships and
 * check_config_relationships, the latter with the config item's name and type).
 */
export function useRelationships(checkId: string) {
  return useQuery({
    queryKey: ['health', 'relationships', checkId],
    queryFn: async ({ signal }) => {
      const params = { check_id: `eq.${checkId}`, deleted_at: 'is.null' };
      const [components, configs] = await Promise.all([
        api.get<Array<{ component_id: string }>>('/api/db/check_component_relationships', {
          params: { ...params, select: 'component_id' },
          signal,
        }),
        api.get<Array<{ config_id: string; config: { name: string | null; type: string } | null }>>(
          '/api/db/check_config_relationships',
          { params: { ...params, select: 'config_id,config:config_items(name,type)' }, signal },
        ),
      ]);
      return [
        ...components.map((r): Relationship => ({ kind: 'component', id: r.component_id })),
        ...configs.map(
          (r): Relationship => ({
            kind: 'config',
            id: r.config_id,
            name: r.config?.name ?? undefined,
            type: r.config?.type,
          }),
        ),
      ];
    },
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
