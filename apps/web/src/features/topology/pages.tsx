import { TopologyPage as Page } from './TopologyPage.js';

/** /topology: the dashboard of components and their health. */
export function TopologyPage() {
  return <Page />;
}

/** /topology/:id and /view/topology/:id: one component and its children. */
export function TopologyDetailPage() {
  return <Page />;
}
