import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpenCheck, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { Button, buttonClass, IconButton } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { useToasts } from '../../../ui/Toasts.js';
import { deletePlaybook, type PlaybookCard, type PlaybookSummary, playbookQueries } from '../api.js';
import { RunDialog } from '../components/RunDialog.js';

/** Playbooks by category, 'Other' for those without one, categories sorted by name. */
export function byCategory(list: PlaybookCard[]): Array<[string, PlaybookCard[]]> {
  const groups = new Map<string, PlaybookCard[]>();
  for (const p of list) {
    const c = p.category || 'Other';
    groups.set(c, [...(groups.get(c) ?? []), p]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * /playbooks: the playbooks the reader may read as cards grouped by category; Run (on those the
 * server offers to run) opens the run dialog; UI playbooks can be deleted.
 */
export function PlaybooksPage() {
  const session = useSession();
  const canRun = session.can('playbook_runs', 'update');
  const canDelete = session.can('playbooks', 'delete');
  const canCreate = session.can('playbooks', 'create');
  const list = useQuery(playbookQueries.readable());
  const offered = useQuery({ ...playbookQueries.list(), enabled: canRun });
  const runnable = new Map((offered.data ?? []).map((p) => [p.id, p]));
  const [running, setRunning] = useState<PlaybookSummary | null>(null);
  const [deleting, setDeleting] = useState<PlaybookCard | null>(null);
  const client = useQueryClient();
  const toasts = useToasts();
  const remove = useMutation({
    mutationFn: (id: string) => deletePlaybook(id),
    onSuccess: () => {
      setDeleting(null);
      toasts.success('Playbook deleted successfully');
      return client.invalidateQueries({ queryKey: playbookQueries.all });
    },
    onError: (err) => toasts.error((err as Error).message),
  });
  return (
    <div className="flex h-full flex-col gap-4 overflow-auto p-4">
      <TopBarExtra>
        <Link to="/playbooks/runs" className={buttonClass('secondary', 'sm', 'ml-auto')}>
          Runs
        </Link>
      </TopBarExtra>
      {list.isLoading && <LoadingBlock />}
      {list.data?.length === 0 && (
        <EmptyState message="No playbooks yet">
          {canCreate ? (
            <Link to="/settings/playbooks/new" className="text-xs font-medium text-indigo-700 hover:underline">
              Add one in Settings › Playbooks
            </Link>
          ) : (
            <p className="text-xs">Ask an administrator to add one in Settings › Playbooks.</p>
          )}
        </EmptyState>
      )}
      {byCategory(list.data ?? []).map(([category, items]) => (
        <section key={category} aria-label={category} className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-zinc-700">{category}</h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((p) => (
              <li key={p.id} className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-3 shadow-sm">
                <div className="flex items-start gap-2">
                  <BookOpenCheck aria-hidden className="mt-0.5 h-5 w-5 text-zinc-500" />
                  <div className="min-w-0 flex-1">
                    <h3 className="truncate font-medium text-zinc-900">{p.title || p.name}</h3>
                    <p className="text-xs text-zinc-500">
                      {p.namespace}/{p.name} · {p.source}
                    </p>
                  </div>
                  {canDelete && p.source === 'UI' && (
                    <IconButton label={`Delete ${p.title || p.name}`} onClick={() => setDeleting(p)}>
                      <Trash2 className="h-4 w-4" />
                    </IconButton>
                  )}
                </div>
                {p.description && <p className="line-clamp-2 text-sm text-zinc-600">{p.description}</p>}
                <div className="mt-auto flex items-center gap-2">
                  {canRun && runnable.has(p.id) && (
                    <Button
                      size="sm"
                      variant="primary"
                      icon={<Play className="h-3.5 w-3.5" />}
                      onClick={() => setRunning(runnable.get(p.id) ?? null)}
                    >
                      Run
                    </Button>
                  )}
                  <Link to={`/playbooks/runs?playbook=${p.id}`} className="text-xs text-blue-700 hover:underline">
                    Runs
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {running && <RunDialog playbook={running} target={{}} onClose={() => setRunning(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          title="Delete playbook"
          description={`Delete ${deleting.title || deleting.name}? Its runs are kept.`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutate(deleting.id)}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
