import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.js';

/** /topology: the dashboard of components and their health. */
export function TopologyPage() {
  return (
    <ComingSoon title="Topology dashboard">
      Cards for every component of your systems, grouped by topology, with their health, properties and the checks,
      configs and incidents attached to them.
    </ComingSoon>
  );
}

/** /topology/:id and /view/topology/:id: one component and its children. */
export function TopologyDetailPage() {
  const { id } = useParams();
  return (
    <ComingSoon title="Component">
      Component <code className="font-mono text-xs">{id}</code> with its child components, health, checks, configs,
      insights and incidents.
    </ComingSoon>
  );
}
