import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.js';

/** /views/:id: a custom view (panels and a table built from queries). */
export function ViewPage() {
  const { id } = useParams();
  return (
    <ComingSoon title="View">
      View <code className="font-mono text-xs">{id}</code>: the panels and table its definition describes.
    </ComingSoon>
  );
}
