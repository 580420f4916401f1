import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLive } from '../../../app/live/LiveUpdates.js';
import { useSession } from '../../../app/session.js';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { cx } from '../../../ui/cx.js';
import { DateTime } from '../../../ui/DateTime.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { useToasts } from '../../../ui/Toasts.js';
import { approveRun, cancelRun, playbookQueries, type RunAction, type RunRow, startRun } from '../api.js';
import { ActionResult } from '../components/ActionResult.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { duration, isFinal, mayApprove } from '../utils/status.js';
import { runResource } from './PlaybookRunsPage.js';

const ACTION_DONE = new Set(['completed', 'failed', 'skipped']);

/** /playbooks/runs/:id: the run's header, its actions with live status, the selected action's result. */
export function PlaybookRunPage() {
  const { id = '' } = useParams();
  // the live stream refetches on each change; polling only while it is down and the run is not final
  const streaming = useLive();
  const live = (data: unknown) => (streaming || (data && isFinal((data as RunRow).status)) ? false : 1000);
  const run = useQuery({ ...playbookQueries.run(id), refetchInterval: (q) => live(q.state.data) });
  const final = run.data ? isFinal(run.data.status) : false;
  // polls until the run and every action have settled (the run can finish a moment before its last action is read)
  const settled = (list: RunAction[] | undefined) => final && (list ?? []).every((a) => ACTION_DONE.has(a.status));
  const actions = useQuery({
    ...playbookQueries.actions(id),
    refetchInterval: (q) => (streaming || settled(q.state.data) ? false : 1000),
  });
  const children = useQuery({ ...playbookQueries.children(id), refetchInterval: final ? false : 1000 });
  // the actions rpc answers the children's actions too: they are named after their run
  const childTitle = new Map(
    (children.data ?? []).map((c) => [c.id, c.playbooks?.title || c.playbooks?.name || 'child run']),
  );
  const [selected, setSelected] = useState<string>();
  if (run.isLoading) return <LoadingBlock />;
  if (!run.data) return <EmptyState message="No details found" />;
  const list = actions.data ?? [];
  const current = list.find((a) => a.id === selected) ?? list.find((a) => a.status === 'running') ?? list.at(-1);
  return (
    <div className="flex h-full flex-col gap-3 overflow-auto p-4">
      <RunHeader run={run.data} />
      <ChildRuns list={children.data ?? []} />
      <div className="flex min-h-0 flex-1 flex-col gap-3 md:flex-row">
        <section aria-label="Actions" className="flex w-full flex-col gap-1 md:w-72">
          <h2 className="text-sm font-semibold text-zinc-700">Actions</h2>
          {list.length === 0 && (
            <p className="text-sm text-zinc-500">
              {run.data.status === 'pending_approval' ? 'Waiting for approval' : 'No actions yet'}
            </p>
          )}
          <ul className="flex flex-col gap-1">
            {list.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  aria-current={current?.id === a.id ? 'true' : undefined}
                  onClick={() => setSelected(a.id)}
                  className={cx(
                    'flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-zinc-100',
                    current?.id === a.id && 'bg-zinc-100',
                  )}
                >
                  <span className="min-w-0 flex-1 truncate font-medium text-zinc-800">
                    {a.playbook_run_id !== id && (
                      <span className="font-normal text-zinc-500">
                        {childTitle.get(a.playbook_run_id) ?? 'child run'} ›{' '}
                      </span>
                    )}
                    {a.name}
                  </span>
                  <span className="text-xs text-zinc-500">{duration(a.start_time, a.end_time)}</span>
                  <StatusBadge status={a.status} />
                </button>
              </li>
            ))}
          </ul>
          {(run.data.playbook_approvals ?? []).map((ap) => (
            <p key={ap.id} className="px-2 text-xs text-zinc-600">
              Approved by {ap.person?.name ?? ap.person?.email ?? 'someone'}
            </p>
          ))}
        </section>
        <section aria-label="Result" className="min-w-0 flex-1 rounded-lg border border-zinc-200 bg-white p-3">
          {current ? <ActionResult action={current} /> : <p className="text-sm text-zinc-500">No action selected</p>}
        </section>
      </div>
    </div>
  );
}

/** The runs started with this run as their parent; nothing when there are none. */
function ChildRuns({ list }: { list: RunRow[] }) {
  if (list.length === 0) return null;
  return (
    <section aria-label="Child runs" className="rounded-lg border border-zinc-200 bg-white p-3">
      <h2 className="mb-2 text-sm font-semibold text-zinc-700">Child runs</h2>
      <ul className="flex flex-col gap-1">
        {list.map((c) => (
          <li key={c.id} className="flex items-center gap-2 text-sm">
            <Link to={`/playbooks/runs/${c.id}`} className="min-w-0 flex-1 truncate text-blue-700 hover:underline">
              {c.playbooks?.title || c.playbooks?.name || 'Playbook'}
            </Link>
            <span className="text-xs text-zinc-500">{duration(c.start_time, c.end_time)}</span>
            <StatusBadge status={c.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="text-sm text-zinc-800">{children}</dd>
    </div>
  );
}

function RunHeader({ run }: { run: RunRow }) {
  const session = useSession();
  const client = useQueryClient();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'approve' | 'cancel'>();
  const refresh = () => client.invalidateQueries({ queryKey: playbookQueries.all });
  const onError = (err: unknown) => toasts.error((err as Error).message);
  const approve = useMutation({
    mutationFn: () => approveRun(run.id),
    onSuccess: () => {
      setConfirm(undefined);
      toasts.success('Playbook run approved');
      return refresh();
    },
    onError,
  });
  const cancel = useMutation({
    mutationFn: () => cancelRun(run.id),
    onSuccess: () => {
      setConfirm(undefined);
      toasts.success('Playbook run cancelled');
      return refresh();
    },
    onError,
  });
  const rerun = useMutation({
    mutationFn: () =>
      startRun({
        id: run.playbook_id,
        params: run.parameters ?? {},
        ...(run.config_id ? { config_id: run.config_id } : {}),
        ...(run.check_id ? { check_id: run.check_id } : {}),
        ...(run.component_id ? { component_id: run.component_id } : {}),
      }),
    onSuccess: (out) => navigate(`/playbooks/runs/${out.run_id}`),
    onError,
  });
  const resource = runResource(run);
  const title = run.playbooks?.title || run.playbooks?.name || 'Playbook';
  const canRun = session.can('playbook_runs', 'update');
  return (
    <header className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-lg font-semibold text-zinc-900">{title}</h1>
        <StatusBadge status={run.status} />
        <span className="ml-auto flex gap-2">
          {run.status === 'pending_approval' &&
            session.can('playbooks', 'playbook:approve') &&
            mayApprove(run.spec?.approval?.approvers, session.user.email) && (
              <Button variant="success" size="sm" onClick={() => setConfirm('approve')}>
                Approve
              </Button>
            )}
          {!isFinal(run.status) && canRun && (
            <Button variant="danger" size="sm" onClick={() => setConfirm('cancel')}>
              Cancel
            </Button>
          )}
          {isFinal(run.status) && canRun && (
            <Button size="sm" onClick={() => rerun.mutate()} disabled={rerun.isPending}>
              {rerun.isPending ? 'Running...' : 'Re-run'}
            </Button>
          )}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        <Field label="Playbook">
          <Link to={`/playbooks/runs?playbook=${run.playbook_id}`} className="text-blue-700 hover:underline">
            {title}
          </Link>
        </Field>
        <Field label="Started">
          <DateTime date={run.start_time} />
        </Field>
        <Field label="Scheduled">
          <DateTime date={run.scheduled_time} />
        </Field>
        <Field label="Duration">{duration(run.start_time, run.end_time)}</Field>
        <Field label="Queued">{duration(run.created_at, run.start_time)}</Field>
        <Field label="Resource">
          {resource?.to ? (
            <Link to={resource.to} className="text-blue-700 hover:underline">
              {resource.label}
            </Link>
          ) : (
            '—'
          )}
        </Field>
        <Field label="Triggered By">{run.created_by?.name ?? 'a trigger'}</Field>
        {run.parent_id && (
          <Field label="Parent run">
            <Link to={`/playbooks/runs/${run.parent_id}`} className="text-blue-700 hover:underline">
              View parent run
            </Link>
          </Field>
        )}
      </dl>
      {run.error && <p className="text-sm text-red-700">{run.error}</p>}
      {Object.keys(run.parameters ?? {}).length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-zinc-600">Parameters</summary>
          <pre className="mt-1 rounded bg-zinc-50 p-2 font-mono text-xs">{JSON.stringify(run.parameters, null, 2)}</pre>
        </details>
      )}
      <ConfirmDialog
        open={confirm === 'approve'}
        title={`Approve Playbook ${title} Run`}
        description="The run starts once its approvals are complete."
        confirmLabel="Approve"
        style="approve"
        busy={approve.isPending}
        onConfirm={() => approve.mutate()}
        onCancel={() => setConfirm(undefined)}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        title="Cancel run"
        description="Actions that are running are stopped; the rest do not run."
        confirmLabel="Cancel run"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirm(undefined)}
      />
    </header>
  );
}
