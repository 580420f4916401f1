import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { api } from '../../../api/client.js';
import { errorMessage } from '../../../api/errors.js';
import { useSession } from '../../../app/session.js';
import { Button } from '../../../ui/Button.js';
import { useToasts } from '../../../ui/Toasts.js';
import { resourceQueries } from '../../settings/resources/api.js';
import type { KindPartProps, ResourceRow } from '../../settings/resources/types.js';
import { topologyQueries } from '../api.js';

/** Run Now on a saved topology: one run at once, its component count or first error as a toast. */
export function TopologyRunNow({ kind, row, readOnly }: KindPartProps & { row: ResourceRow }) {
  const session = useSession();
  const canRun = !readOnly && session.can('topologies', 'update');
  const client = useQueryClient();
  const toasts = useToasts();
  const run = useMutation({
    mutationFn: () => api.post<{ components: number; errors: string[] }>(`/api/canary/run/topology/${row.id}`),
    onSuccess: async (r) => {
      if (r.errors.length) toasts.error(`Run finished with errors: ${r.errors[0]}`);
      else toasts.success(`Run finished: ${r.components} components`);
      await client.invalidateQueries({ queryKey: topologyQueries.all });
      await client.invalidateQueries({ queryKey: resourceQueries.all(kind.table) });
    },
    onError: (err) => toasts.error(errorMessage(err)),
  });
  if (!canRun) return null;
  return (
    <Button size="sm" icon={<Play className="h-3.5 w-3.5" />} disabled={run.isPending} onClick={() => run.mutate()}>
      {run.isPending ? 'Running...' : 'Run Now'}
    </Button>
  );
}
