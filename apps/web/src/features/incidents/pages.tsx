import { useParams } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon.js';

/** /incidents: the incident list. */
export function IncidentsPage() {
  return (
    <ComingSoon title="Incidents">
      Open and past incidents with their severity, status, commander and responders, and a way to declare a new one.
    </ComingSoon>
  );
}

/** /incidents/:id: one incident with its hypotheses and evidence. */
export function IncidentDetailPage() {
  const { id } = useParams();
  return (
    <ComingSoon title="Incident">
      Incident <code className="font-mono text-xs">{id}</code>: its hypotheses, evidence, definition of done,
      responders, comments and timeline.
    </ComingSoon>
  );
}
