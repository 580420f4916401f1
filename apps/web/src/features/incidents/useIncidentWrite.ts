import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToasts } from '../../ui/Toasts.js';
import { incidentQueries } from './api.js';

/**
 * A write on an incident (or what hangs off it) that refreshes the incident page and the list
 * when it lands; failures show as toasts through the shared mutation cache, and `success`, when
 * given, as a toast once it lands ('Incident updated successfully').
 */
export function useIncidentWrite<V>(write: (vars: V) => Promise<unknown>, opts: { success?: string } = {}) {
  const client = useQueryClient();
  const toasts = useToasts();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      if (opts.success) toasts.success(opts.success);
    },
    onSettled: () => client.invalidateQueries({ queryKey: incidentQueries.all }),
  });
}
