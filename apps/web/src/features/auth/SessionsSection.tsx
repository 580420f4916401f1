import type { Session } from '@ory/client-fetch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui/Button.js';
import { DateTime } from '../../ui/DateTime.js';
import { useToasts } from '../../ui/Toasts.js';
import { ory, oryFailure } from './ory.js';

const key = ['identity', 'sessions'] as const;

async function failureMessage(err: unknown): Promise<string> {
  const { body, status } = await oryFailure(err);
  return body.error?.reason || body.error?.message || `HTTP ${status}: the request failed`;
}

function device(s: Session): string {
  const d = s.devices?.[0];
  return [d?.user_agent, d?.ip_address].filter(Boolean).join(' · ') || 'Unknown device';
}

/** Other signed-in browsers of this account, each revocable, and 'sign out everywhere else'. */
export function SessionsSection() {
  const client = useQueryClient();
  const toasts = useToasts();
  const sessions = useQuery({ queryKey: key, queryFn: () => ory.listMySessions(), retry: false });
  const onError = async (err: unknown) => toasts.error(await failureMessage(err));
  const revokeOne = useMutation({
    mutationFn: (id: string) => ory.disableMySession({ id }),
    onSuccess: () => {
      toasts.success('Session revoked');
      return client.invalidateQueries({ queryKey: key });
    },
    onError,
  });
  const revokeAll = useMutation({
    mutationFn: () => ory.disableMyOtherSessions(),
    onSuccess: (r) => {
      toasts.success(`Signed out of ${r.count} other session${r.count === 1 ? '' : 's'}`);
      return client.invalidateQueries({ queryKey: key });
    },
    onError,
  });
  const list = sessions.data ?? [];
  return (
    <div className="flex flex-col gap-3">
      {sessions.isPending ? (
        <p className="text-sm text-zinc-500">Loading sessions…</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-zinc-500">You are not signed in anywhere else.</p>
      ) : (
        <ul aria-label="Other sessions" className="divide-y divide-zinc-100 rounded-md ring-1 ring-zinc-200">
          {list.map((s) => (
            <li key={s.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate text-zinc-800">{device(s)}</p>
                <p className="text-xs text-zinc-500">
                  Signed in <DateTime date={s.authenticated_at ?? undefined} />
                </p>
              </div>
              <Button size="sm" onClick={() => revokeOne.mutate(s.id)} disabled={revokeOne.isPending}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="danger" onClick={() => revokeAll.mutate()} disabled={revokeAll.isPending || list.length === 0}>
          Sign out all other sessions
        </Button>
      </div>
    </div>
  );
}
