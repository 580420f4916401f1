import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/layout/topBarContext.js';
import { useFallbackInterval } from '../../app/live/LiveUpdates.js';
import { useSession } from '../../app/session.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { incidentQueries } from './api.js';
import { DefinitionOfDone } from './components/DefinitionOfDone.js';
import { HypothesisTree } from './components/HypothesisTree.js';
import { IncidentDetails } from './components/IncidentDetails.js';
import { IncidentHeader } from './components/IncidentHeader.js';
import { PublicStatusPanel } from './components/PublicStatusPanel.js';
import { RespondersPanel } from './components/RespondersPanel.js';
import { Timeline } from './components/Timeline.js';

/** /incidents/:id: the page responders work from during an outage. */
export function IncidentDetailPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const refetchInterval = useFallbackInterval(30_000);
  const incident = useQuery({ ...incidentQueries.detail(id), refetchInterval });
  const hypotheses = useQuery({ ...incidentQueries.hypotheses(id), refetchInterval });
  usePageTitle(incident.data ? `${incident.data.incident_id} ${incident.data.title}` : undefined);

  if (incident.isPending) return <LoadingBlock />;
  if (incident.error) return <EmptyState message={incident.error.message} />;
  if (!incident.data) return <EmptyState message="No resources found" />;

  const canEdit = session.can('incident', 'update');
  const canEditEvidence = session.can('evidences', 'update');
  const evidences = (hypotheses.data ?? []).flatMap((h) => h.evidences);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <IncidentHeader incident={incident.data} canEdit={canEdit} />
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-3 overflow-auto p-3 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <HypothesisTree incidentId={id} hypotheses={hypotheses.data ?? []} canEdit={canEdit && canEditEvidence} />
          <Timeline incidentId={id} canComment={session.can('comments', 'create')} />
        </div>
        <aside
          aria-label="Incident details"
          className="flex flex-col gap-4 self-start rounded-lg bg-white p-3 ring-1 ring-zinc-200"
        >
          <IncidentDetails incident={incident.data} canEdit={canEdit} />
          <RespondersPanel incidentId={id} canEdit={session.can('responder', 'create')} />
          <DefinitionOfDone evidences={evidences} canEdit={canEditEvidence} />
          <PublicStatusPanel incident={incident.data} canEdit={canEdit} />
        </aside>
      </div>
    </div>
  );
}
