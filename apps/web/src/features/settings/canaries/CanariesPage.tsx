import { useParams } from 'react-router';
import { CanariesListPage } from './CanariesListPage.js';
import { CanaryDetailPage } from './CanaryDetailPage.js';

/** /settings/canaries and /settings/canaries/:id (`new` to create): the health check settings. */
export function CanariesPage() {
  const { id } = useParams();
  return id ? <CanaryDetailPage /> : <CanariesListPage />;
}
