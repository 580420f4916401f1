import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { useSession } from '../../app/session.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { TypeIcon } from '../../ui/icons/TypeIcon.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { useToasts } from '../../ui/Toasts.js';
import { catalogQueries, type RelationshipsQuery, unlinkComponent } from './api.js';
import { HealthDot } from './HealthBadge.js';
import { LinkComponentForm } from './LinkToCatalog.js';
import type { ConfigDetail } from './types.js';

const RelationshipsGraph = lazy(() => import('./RelationshipsGraph.js'));

/** The Relationships tab: direction and depth, a graph, the table of related items and linked components. */
export function RelationshipsTab({ config }: { config: ConfigDetail }) {
  const [q, setQ] = useState<RelationshipsQuery>({ direction: 'all', depth: 3, hardOnly: false });
  const related = useQuery(catalogQueries.related(config.id, q));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-1.5">
          Direction
          <select
            aria-label="Direction"
            value={q.direction}
            onChange={(e) => setQ({ ...q, direction: e.target.value as RelationshipsQuery['direction'] })}
            className="h-8 rounded-md border border-zinc-300 bg-white px-2"
          >
            <option value="all">Both</option>
            <option value="incoming">Incoming</option>
            <option value="outgoing">Outgoing</option>
          </select>
        </label>
        <label className="flex items-center gap-1.5">
          Depth
          <select
            aria-label="Depth"
            value={q.depth}
            onChange={(e) => setQ({ ...q, depth: Number(e.target.value) })}
            className="h-8 rounded-md border border-zinc-300 bg-white px-2"
          >
            {[1, 2, 3, 5, 10].map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={q.hardOnly} onChange={(e) => setQ({ ...q, hardOnly: e.target.checked })} />
          Parent-child only
        </label>
      </div>
      {related.isLoading && <LoadingBlock />}
      {related.error && <EmptyState message={errorMessage(related.error)} />}
      {related.data && related.data.length === 0 && <EmptyState message="No related config items" />}
      {related.data && related.data.length > 0 && (
        <>
          <Suspense fallback={<LoadingBlock label="Loading graph" />}>
            <RelationshipsGraph root={config} related={related.data} />
          </Suspense>
          <table aria-label="Related config items" className="w-full text-left text-sm">
            <thead className="border-b border-zinc-200 text-xs text-zinc-500">
              <tr>
                <th className="py-2 pr-3 font-medium">Name</th>
                <th className="py-2 pr-3 font-medium">Type</th>
                <th className="py-2 pr-3 font-medium">Direction</th>
                <th className="py-2 pr-3 font-medium">Depth</th>
                <th className="py-2 pr-3 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {related.data.map((r) => (
                <tr key={r.id} className="border-b border-zinc-100">
                  <td className="py-1.5 pr-3">
                    <span className="flex items-center gap-2">
                      <HealthDot health={r.health} />
                      <TypeIcon type={r.type} />
                      <Link to={`/catalog/${r.id}`} className="text-indigo-700 hover:underline">
                        {r.name ?? r.id}
                      </Link>
                    </span>
                  </td>
                  <td className="py-1.5 pr-3 text-zinc-700">{r.type}</td>
                  <td className="py-1.5 pr-3">{r.direction}</td>
                  <td className="py-1.5 pr-3 tabular-nums">{r.depth}</td>
                  <td className="py-1.5 pr-3">{r.status ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <ComponentLinks configId={config.id} />
    </div>
  );
}

/** Components linked to this item by hand ("Link to catalog"), with unlink and a form to add one. */
function ComponentLinks({ configId }: { configId: string }) {
  const links = useQuery(catalogQueries.componentLinks(configId));
  const session = useSession();
  const canWrite = session.can('config_scrapers', 'create');
  const client = useQueryClient();
  const toasts = useToasts();
  const unlink = useMutation({
    mutationFn: (componentId: string) => unlinkComponent(componentId, configId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['catalog', 'component-links', configId] }),
    onError: (err) => toasts.error(errorMessage(err)),
  });
  return (
    <section aria-label="Linked components" className="flex flex-col gap-2">
      <h4 className="text-xs font-semibold uppercase text-zinc-500">Linked components</h4>
      {(links.data ?? []).length === 0 && <p className="text-sm text-zinc-500">No linked components.</p>}
      <ul className="flex flex-col gap-1 text-sm">
        {(links.data ?? []).map((l) => (
          <li key={l.component_id} className="flex items-center gap-2">
            <Link
              to={`/topology/${l.component_id}`}
              className={
                l.component_name
                  ? 'text-indigo-700 hover:underline'
                  : 'font-mono text-xs text-indigo-700 hover:underline'
              }
            >
              {l.component_name ?? l.component_id}
            </Link>
            <span className="text-xs text-zinc-500">{l.selector_id}</span>
            {canWrite && (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Unlink ${l.component_name ?? l.component_id}`}
                onClick={() => unlink.mutate(l.component_id)}
              >
                Unlink
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canWrite && <LinkComponentForm configId={configId} />}
    </section>
  );
}
