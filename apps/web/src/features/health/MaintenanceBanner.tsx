import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { type ActiveMaintenance, fetchActiveMaintenance } from './api.js';

const time = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** Maintenance windows in force now or starting within a day, refreshed every minute. */
export function useActiveMaintenance(enabled: boolean) {
  return useQuery({
    queryKey: ['maintenance', 'active'],
    queryFn: ({ signal }) => fetchActiveMaintenance(signal),
    refetchInterval: 60_000,
    enabled,
  });
}

/** A row above the health tabs naming each window in force or coming within a day. */
export function MaintenanceBanner({ data }: { data: ActiveMaintenance | undefined }) {
  if (!data?.windows.length) return null;
  return (
    <ul aria-label="Maintenance" className="flex flex-col gap-0.5 border-b border-blue-100 bg-blue-50 px-3 py-1.5">
      {data.windows.map((w) => (
        <li key={w.id} className="flex items-center gap-2 text-xs text-blue-800">
          <Wrench aria-hidden className="h-3.5 w-3.5" />
          <span className="font-medium">{w.name}</span>
          <span>{w.active ? `in progress until ${time(w.end)}` : `from ${time(w.start)} to ${time(w.end)}`}</span>
        </li>
      ))}
    </ul>
  );
}
