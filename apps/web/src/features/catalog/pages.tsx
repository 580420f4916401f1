import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.js';

/** /catalog: the configuration catalog. */
export function CatalogPage() {
  return (
    <ComingSoon title="Catalog">
      Every config item the scrapers found (Kubernetes objects, cloud resources, files), grouped by type, with health,
      cost and recent changes.
    </ComingSoon>
  );
}

/** /catalog/changes: changes across the catalog. */
export function CatalogChangesPage() {
  return (
    <ComingSoon title="Config changes">
      A timeline of changes to config items: diffs, events and who made them, filterable by type, severity and time.
    </ComingSoon>
  );
}

/** /catalog/insights: analysis across the catalog. */
export function CatalogInsightsPage() {
  return (
    <ComingSoon title="Config insights">
      Findings about config items (security, cost, reliability and more) from the analyzers, with their severity and
      status.
    </ComingSoon>
  );
}

/** /catalog/scrapers and /catalog/scrapers/:id. */
export function CatalogScrapersPage() {
  const { id } = useParams();
  return (
    <ComingSoon title={id ? 'Catalog scraper' : 'Catalog scrapers'}>
      The scrapers that fill the catalog, their schedules, last runs and errors.
    </ComingSoon>
  );
}

const TABS: Record<string, string> = {
  changes: 'the changes of this config item',
  insights: 'the insights about this config item',
  relationships: 'the config items and components related to this one',
  playbooks: 'the playbooks that can run on this config item',
  checks: 'the health checks linked to this config item',
};

/** /catalog/:id and its tabs. */
export function ConfigDetailPage({ tab }: { tab?: keyof typeof TABS }) {
  const { id } = useParams();
  return (
    <ComingSoon title="Config item">
      Config item <code className="font-mono text-xs">{id}</code>:{' '}
      {tab ? TABS[tab] : 'its spec, labels, health, cost, changes, insights and relationships'}.
    </ComingSoon>
  );
}
