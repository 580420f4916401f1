import { useParams } from 'react-router';
import { ComingSoon } from '../../../ui/ComingSoon.js';
import { ResourceDetail } from './ResourceDetail.js';
import { ResourceList } from './ResourceList.js';
import { resourceKind } from './registry.js';

/** /settings/{table} and /settings/{table}/:id for a kind of the registry; a notice for the others. */
export function GenericResourcePage({ table, title }: { table: string; title: string }) {
  const { id } = useParams();
  const kind = resourceKind(table);
  if (!kind)
    return (
      <ComingSoon title={title}>
        {id ? (
          <>
            Edit <code className="font-mono text-xs">{id}</code> in a form; saving or cancelling returns to the list.
          </>
        ) : (
          <>The list of {title.toLowerCase()}, with a form to add one and to edit each.</>
        )}
      </ComingSoon>
    );
  return id ? <ResourceDetail key={id} kind={kind} id={id} /> : <ResourceList kind={kind} />;
}
