import { useMutation, useQueryClient } from '@tanstack/react-query';
import { incidentQueries } from './api.js';

/**
 * A write on an incident (or what hangs off it) that refreshes the incident page and the list
 * when it lands; failures show as toasts through the shared mutation cache.
 */
export function useIncidentWrite<V>(write: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: incidentQueries.all }),
  });
}
