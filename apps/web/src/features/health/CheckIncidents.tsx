import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchCheckIncidents } from './api.js';

export type { CheckIncident } from './api.js';

/**
 * The incidents a check is evidence in: its evidences with their hypothesis' incident embedded.
 * The key sits under the incidents prefix so linking the check to an incident (which invalidates
 * `['incidents']`) shows the new one at once.
 */
export function useCheckIncidents(checkId: string) {
  return useQuery({
    queryKey: ['incidents', 'check', checkId],
    queryFn: ({ signal }) => fetchCheckIncidents(checkId, signal),
    staleTime: 30_000,
  });
}

/** Links to /incidents/{id} for each incident the check is evidence in; nothing when there are none. */
export function CheckIncidents({ checkId }: { checkId: string }) {
  const incidents = useCheckIncidents(checkId);
  const list = incidents.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-xs text-zinc-500">Evidence in</span>
      <ul aria-label="Incidents" className="flex flex-wrap gap-2">
        {list.map((i) => (
          <li key={i.id}>
            <Link
              to={`/incidents/${i.id}`}
              className="inline-flex items-center gap-1.5 rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-800 hover:underline"
            >
              <span className="font-mono">{i.incident_id}</span>
              <span className="max-w-64 truncate">{i.title}</span>
              <span className="text-red-600">({i.status})</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
