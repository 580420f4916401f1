import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errors.js';
import { useSession } from '../../../app/session.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { useToasts } from '../../../ui/Toasts.js';
import { createResource, deleteResource, resourceQueries, updateResource } from './api.js';
import type { ResourceKind, ResourceRow } from './types.js';

/**
 * Saving and deleting a row of a kind, the same for the generic form and a kind's own Spec editor:
 * Save and Delete only for a writable row and a person allowed to; toasts '{name}
 * created/updated/deleted successfully'; a new row opens at its own URL; Delete asks 'Are you sure
 * you want to delete this resource?' and returns to the list. `onRefused` may claim a refusal of
 * the server (to show it by its field); the others are toasts.
 */
export function useResourceWrites(
  kind: ResourceKind,
  row: ResourceRow | undefined,
  readOnly: boolean,
  onRefused?: (message: string) => boolean,
) {
  const session = useSession();
  const toasts = useToasts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const canSave = !readOnly && session.can(kind.resource, row ? 'update' : 'create');
  const canDelete = !readOnly && !!row && session.can(kind.resource, 'delete');

  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      if (!row) return createResource(kind, body);
      await updateResource(kind, row.id, body);
      return row.id;
    },
    onSuccess: async (id, body) => {
      await client.invalidateQueries({ queryKey: resourceQueries.all(kind.table) });
      const name = String(row?.name ?? body.name ?? '');
      toasts.success(`${name} ${row ? 'updated' : 'created'} successfully`);
      if (!row) navigate(`/settings/${kind.table}/${id}`, { replace: true });
    },
    onError: (err) => {
      const message = errorMessage(err);
      if (!onRefused?.(message)) toasts.error(message);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteResource(kind, row?.id ?? ''),
    onSuccess: async () => {
      toasts.success(`${row?.name} deleted successfully`);
      await client.invalidateQueries({ queryKey: resourceQueries.all(kind.table) });
      navigate(`/settings/${kind.table}`);
    },
    onError: (err) => {
      setConfirming(false);
      toasts.error(errorMessage(err));
    },
  });

  const deleteDialog = (
    <ConfirmDialog
      open={confirming}
      title={`Delete ${row?.name ?? ''}`}
      description="Are you sure you want to delete this resource?"
      busy={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={() => setConfirming(false)}
    />
  );
  return { canSave, canDelete, save, askDelete: () => setConfirming(true), deleteDialog };
}
