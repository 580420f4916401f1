import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { fetchFailingChecks } from '../../health/api.js';
import { LinkToIncidentButton, useCanLinkToIncident } from './LinkToIncidentModal.js';

/**
 * Checks failing right now, each with Link to Incident, above the incidents list: where someone
 * opening the list during an outage declares the incident from what is failing.
 */
export function FailingChecks() {
  const session = useSession();
  const allowed = useCanLinkToIncident() && session.can('canaries') && !session.featureDisabled('health');
  const checks = useQuery({
    queryKey: ['incidents', 'failing-checks'],
    queryFn: ({ signal }) => fetchFailingChecks(8, signal),
    enabled: allowed,
    staleTime: 30_000,
  });
  if (!allowed || !checks.data?.length) return null;
  return (
    <section
      aria-label="Failing checks"
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-lg bg-red-50/60 px-3 py-2 ring-1 ring-red-200"
    >
      <h2 className="text-xs font-semibold text-red-800">Failing checks</h2>
      <ul className="flex flex-wrap items-center gap-2">
        {checks.data.map((c) => (
          <li
            key={c.id}
            className="flex items-center gap-1.5 rounded-md bg-white py-0.5 pr-0.5 pl-2 ring-1 ring-red-200"
          >
            <span aria-hidden className="h-2 w-2 rounded-full bg-red-500" />
            <span className="text-xs font-medium text-zinc-800">{c.name}</span>
            <Age date={c.last_transition_time} className="text-[11px] text-zinc-500" />
            <LinkToIncidentButton target={{ check_id: c.id }} defaultTitle={`${c.name} is unhealthy`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
