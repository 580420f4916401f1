import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.js';

/** /settings/integrations and /settings/integrations/:type/:id */
export function IntegrationsPage() {
  const { type, id } = useParams();
  return (
    <ComingSoon title={id ? 'Integration' : 'Integrations'}>
      {id ? (
        <>
          Edit the {type} integration <code className="font-mono text-xs">{id}</code>.
        </>
      ) : (
        'Scrapers, topologies and log backends that connect OpsDeck to other systems, with their status.'
      )}
    </ComingSoon>
  );
}

/** /settings/views */
export function ViewsSettingsPage() {
  return (
    <ComingSoon title="Views">
      Custom views: their queries, panels, columns and whether they show in the sidebar.
    </ComingSoon>
  );
}
