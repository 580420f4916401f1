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
 * created/updated/deleted successfully'; saving, cancelling and deleting return to the list
 * (the list shows the saved row); Delete asks 'Are you sure you want to delete this
 * resource?'. `onRefused` may claim a refusal of the server (to show it by its field); the others
 * are toasts.
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
  const toList = () => navigate(`/settings/${kind.table}`);

  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      if (row) await updateResource(kind, row.id, body);
      else await createResource(kind, body);
    },
    onSuccess: async (_, body) => {
      await client.invalidateQueries({ queryKey: resourceQueries.all(kind.table) });
      const name = String(row?.name ?? body.name ?? '');
      toasts.success(`${name} ${row ? 'updated' : 'created'} successfully`);
      toList();
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
      toList();
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
  // Cancel leaves without saving; no editor of the app prompts about unsaved changes
  return { canSave, canDelete, save, cancel: toList, askDelete: () => setConfirming(true), deleteDialog };
}
