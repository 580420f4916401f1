import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.js';

/** /applications: the application list. */
export function ApplicationsPage() {
  return (
    <ComingSoon title="Applications">
      Applications defined over the catalog, each with its components, access, backups and incidents.
    </ComingSoon>
  );
}

/** /applications/:namespace/:name: an application's audit report. */
export function ApplicationPage() {
  const { namespace, name } = useParams();
  return (
    <ComingSoon title="Application audit report">
      The audit report of{' '}
      <code className="font-mono text-xs">
        {namespace}/{name}
      </code>
      : who has access, recent changes, backups and restores, and incidents.
    </ComingSoon>
  );
}
