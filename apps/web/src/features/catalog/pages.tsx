import { useParams } from 'react-router';
import { ScraperDetailPage } from './ScraperDetailPage.js';
import { ScrapersPage } from './ScrapersPage.js';

export { CatalogPage } from './CatalogPage.js';
export { CatalogChangesPage } from './ChangesPage.js';
export { ConfigDetailPage } from './ConfigDetailPage.js';
export { CatalogInsightsPage } from './InsightsPage.js';

/** /catalog/scrapers and /catalog/scrapers/:id. */
export function CatalogScrapersPage() {
  const { id } = useParams();
  return id ? <ScraperDetailPage key={id} /> : <ScrapersPage />;
}
