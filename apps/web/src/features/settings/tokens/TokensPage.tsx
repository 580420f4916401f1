import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/errors.js';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Age } from '../../../ui/Age.js';
import { Button, IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { DateTime } from '../../../ui/DateTime.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { useToasts } from '../../../ui/Toasts.js';
import { createToken, revokeToken, type TokenRow, tokenQueries } from './api.js';
import { CreateTokenModal } from './CreateTokenModal.js';
import { scopeSummary } from './tokenForm.js';

/** /settings/tokens: the signed-in person's access tokens (an admin may show everyone's); create and revoke. */
export function TokensPage() {
  const session = useSession();
  const [everyone, setEveryone] = useState(false);
  const list = useQuery(tokenQueries.list(everyone && session.isAdmin));
  const client = useQueryClient();
  const toasts = useToasts();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [revoking, setRevoking] = useState<TokenRow>();

  const create = useMutation({
    mutationFn: createToken,
    onSuccess: (t) => {
      setSecret(t.token);
      return client.invalidateQueries({ queryKey: tokenQueries.all });
    },
  });
  const revoke = useMutation({
    mutationFn: (t: TokenRow) => revokeToken(t.id),
    onSuccess: (_r, t) => {
      setRevoking(undefined);
      toasts.success(`${t.name} deleted successfully`);
      return client.invalidateQueries({ queryKey: tokenQueries.all });
    },
  });
  const rows = list.data ?? [];

  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <TopBarExtra>
        <Button variant="primary" size="sm" icon={<KeyRound className="h-4 w-4" />} onClick={() => setCreating(true)}>
          Create Token
        </Button>
      </TopBarExtra>
      {session.isAdmin && (
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input type="checkbox" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} />
          Show everyone's tokens
        </label>
      )}
      {list.isLoading ? (
        <LoadingBlock />
      ) : list.error && !rows.length ? (
        <EmptyState message={errorMessage(list.error)} />
      ) : !rows.length ? (
        <EmptyState message="No tokens yet" />
      ) : (
        <div className="overflow-auto rounded-lg border border-zinc-200 bg-white">
          <table aria-label="Tokens" className="w-full text-left text-sm">
            <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
              <tr>
                <th className="px-3 py-2 font-medium">Name</th>
                {everyone && <th className="px-3 py-2 font-medium">Created By</th>}
                <th className="px-3 py-2 font-medium">Scope</th>
                <th className="px-3 py-2 font-medium">Created</th>
                <th className="px-3 py-2 font-medium">Expires At</th>
                <th className="px-3 py-2 font-medium">Auto-renew</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id} className="border-b border-zinc-100">
                  <td className="px-3 py-2 font-medium text-zinc-900">{t.name}</td>
                  {everyone && <td className="px-3 py-2 text-zinc-700">{t.person?.name || t.person?.email}</td>}
                  <td className="px-3 py-2 text-xs text-zinc-600">{scopeSummary(t.scope)}</td>
                  <td className="px-3 py-2">
                    <Age date={t.created_at} suffix=" ago" className="text-xs text-zinc-500" />
                  </td>
                  <td className="px-3 py-2 text-xs text-zinc-600">
                    <DateTime date={t.expires_at} />
                  </td>
                  <td className="px-3 py-2 text-xs text-zinc-600">{t.auto_renew ? 'Yes' : 'No'}</td>
                  <td className="px-3 py-2 text-right">
                    <IconButton label={`Revoke ${t.name}`} onClick={() => setRevoking(t)}>
                      <Trash2 className="h-4 w-4" />
                    </IconButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && (
        <CreateTokenModal
          busy={create.isPending}
          created={secret}
          onSubmit={(body) => create.mutate(body)}
          onClose={() => {
            setCreating(false);
            setSecret(undefined);
          }}
        />
      )}
      <ConfirmDialog
        open={!!revoking}
        title="Revoke token"
        description={
          <>
            Are you sure you want to delete this resource? Anything using{' '}
            <strong className="text-zinc-900">{revoking?.name}</strong> stops working at once.
          </>
        }
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(undefined)}
      />
    </div>
  );
}
