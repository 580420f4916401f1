import { useParams } from 'react-router';
import { NotFoundPage } from '../../../app/NotFoundPage.js';
import { ResourceDetail } from './ResourceDetail.js';
import { ResourceList } from './ResourceList.js';
import { resourceKind } from './registry.js';

/** /settings/{table} and /settings/{table}/:id for a kind of the registry (every routed table has one). */
export function GenericResourcePage({ table }: { table: string; title: string }) {
  const { id } = useParams();
  const kind = resourceKind(table);
  if (!kind) return <NotFoundPage />;
  return id ? <ResourceDetail key={id} kind={kind} id={id} /> : <ResourceList kind={kind} />;
}
