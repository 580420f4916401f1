import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
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
}

/** Components and configs related to the check; tables that do not exist yet count as none. */
export function useRelationships(checkId: string) {
  return useQuery({
    queryKey: ['health', 'relationships', checkId],
    queryFn: async ({ signal }) => {
      const read = async (table: string, column: string, kind: Relationship['kind']) => {
        try {
          const rows = await api.get<Array<Record<string, string>>>(`/api/db/${table}`, {
            params: { check_id: `eq.${checkId}`, select: column },
            signal,
          });
          return rows.map((r) => ({ kind, id: r[column] as string }));
        } catch {
          return [];
        }
      };
      const [components, configs] = await Promise.all([
        read('check_component_relationships', 'component_id', 'component'),
        read('check_config_relationships', 'config_id', 'config'),
      ]);
      return [...components, ...configs];
    },
    staleTime: 60_000,
  });
}

/** The Relationships tab: links to /topology/{id} for components and /catalog/{id} for configs. */
export function CheckRelationships({ items }: { items: Relationship[] }) {
  if (items.length === 0) return <EmptyState />;
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {items.map((r) => (
        <li key={`${r.kind}:${r.id}`}>
          <Link
            className="text-indigo-700 hover:underline"
            to={r.kind === 'component' ? `/topology/${r.id}` : `/catalog/${r.id}`}
          >
            {r.name ?? r.id}
          </Link>
        </li>
      ))}
    </ul>
  );
}
