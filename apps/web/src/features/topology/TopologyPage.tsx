import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { useLocalStorage } from '../../ui/useLocalStorage.js';
import { topologyQueries } from './api.js';
import { ComponentBreadcrumb } from './ComponentBreadcrumb.js';
import { ComponentPanel } from './ComponentPanel.js';
import { TopologyCard } from './TopologyCard.js';
import { TopologyToolbar } from './TopologyToolbar.js';
import { useTopologyParams } from './useTopologyParams.js';
import { CARD_WIDTH_KEY, cardWidth, includedLabels, passesExcluded, sortComponents } from './utils/cards.js';

/**
 * /topology (the Dashboard): every root component as a card; /topology/:id: the component's
 * children as cards with its details in a side panel; /view/topology/:id: the same, bare.
 */
export function TopologyPage() {
  const { id } = useParams();
  const [params, update] = useTopologyParams();
  const { search, pathname } = useLocation();
  // the bare /view/topology/:id (embedded elsewhere) has no way back to the Dashboard
  const bare = pathname.startsWith('/view/');
  const [stored, setStored] = useLocalStorage<string>(CARD_WIDTH_KEY, '554px');
  const width = cardWidth(stored);
  const tree = useQuery(
    topologyQueries.tree({
      id,
      labels: includedLabels(params.labels),
      status: params.status,
      team: params.team,
      agent: params.agent,
      hidden: params.showHidden,
    }),
  );
  const root = id ? tree.data?.components[0] : undefined;
  // a component without children shows itself as the card
  const leaf = root && !root.children?.length ? root : undefined;
  const cards = sortComponents(
    (id ? (root?.components ?? []) : (tree.data?.components ?? [])).filter((c) => passesExcluded(c, params.labels)),
    params.sortBy,
    params.sortOrder,
  );
  return (
    <div className="flex h-full min-h-0 flex-col">
      <TopologyToolbar
        params={params}
        update={update}
        data={tree.data}
        width={width}
        onWidth={(w) => setStored(`${w}px`)}
      />
      {root && !bare && <ComponentBreadcrumb id={root.id} name={root.name} search={search} />}
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <section aria-label="Components" className="flex-1 overflow-y-auto p-4">
          {tree.isPending ? (
            <LoadingBlock label="Loading components" />
          ) : tree.isError ? (
            <EmptyState message={tree.error.message} />
          ) : cards.length || leaf ? (
            <div className="flex flex-wrap items-start gap-4">
              {(leaf ? [leaf] : cards).map((c) => (
                <TopologyCard key={c.id} component={c} width={width} />
              ))}
            </div>
          ) : (
            <EmptyState message={id ? 'This component has no children' : 'No components yet'}>
              {!id && <p className="text-sm">Add a topology in Settings › Topology to see its components here.</p>}
            </EmptyState>
          )}
        </section>
        {root && <ComponentPanel component={root} />}
      </div>
    </div>
  );
}
