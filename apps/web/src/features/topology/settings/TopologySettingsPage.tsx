import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { stringify } from 'yaml';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';
import { useSession } from '../../../app/session.js';
import { Button, buttonClass } from '../../../ui/Button.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { LoadingBlock } from '../../../ui/Spinner.js';
import { Tabs } from '../../../ui/Tabs.js';
import { useToasts } from '../../../ui/Toasts.js';
import { FormField, inputClass } from '../../settings/canaries/FormField.js';
import { LabelsInput } from '../../settings/canaries/LabelsInput.js';
import { LazyYamlEditor } from '../../settings/canaries/LazyYamlEditor.js';
import { JobHistoryTable, type JobRun, useJobHistoryPageSize } from '../../settings/jobs/JobHistoryTable.js';
import { type TopologyRow, topologyQueries } from '../api.js';
import { draftErrors, draftSpec, NEW_SPEC, type TopologyDraft } from './topologyForm.js';

/** Settings > Topology: the list of topologies, and /settings/topologies/:id the form and job history. */
export function TopologySettingsPage() {
  const { id } = useParams();
  return id ? <TopologyEditor id={id} /> : <TopologyList />;
}

function TopologyList() {
  const list = useQuery(topologyQueries.topologies());
  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex items-center justify-between">
        <h1 className="text-lg font-semibold text-zinc-900">Topology</h1>
        <Link to="/settings/topologies/new" className={buttonClass('primary', 'sm')}>
          <Plus aria-hidden className="h-4 w-4" /> Add Topology
        </Link>
      </div>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.data?.length ? (
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-zinc-500">
            <tr>
              <th className="py-1">Name</th>
              <th>Namespace</th>
              <th>Schedule</th>
              <th>Source</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((t) => (
              <tr key={t.id} className="border-t border-zinc-100">
                <td className="py-1.5">
                  <Link to={`/settings/topologies/${t.id}`} className="text-blue-700 hover:underline">
                    {t.name}
                  </Link>
                </td>
                <td>{t.namespace}</td>
                <td>{t.schedule}</td>
                <td>{t.source}</td>
                <td>{new Date(t.updated_at).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState />
      )}
    </div>
  );
}

function draftOf(row: TopologyRow | null | undefined): TopologyDraft {
  if (!row) return { name: '', namespace: 'default', labels: undefined, specText: NEW_SPEC };
  return { name: row.name, namespace: row.namespace, labels: row.labels ?? undefined, specText: stringify(row.spec) };
}

function TopologyEditor({ id }: { id: string }) {
  const isNew = id === 'new';
  const existing = useQuery({ ...topologyQueries.topology(id), enabled: !isNew });
  const [draft, setDraft] = useState<TopologyDraft>(draftOf(undefined));
  useEffect(() => {
    if (existing.data) setDraft(draftOf(existing.data));
  }, [existing.data]);
  const errors = draftErrors(draft);
  const valid = !errors.name && !errors.spec;
  const client = useQueryClient();
  const navigate = useNavigate();
  const toasts = useToasts();
  const canWrite = useSession().can('topologies', 'update');
  const save = useMutation({
    mutationFn: async () => {
      const body = {
        name: draft.name.trim(),
        namespace: draft.namespace || 'default',
        labels: draft.labels ?? {},
        spec: draftSpec(draft),
      };
      const headers = { prefer: 'return=representation' };
      if (isNew) return (await api.post<TopologyRow[]>('/api/db/topologies', body, { headers }))[0];
      return (await api.patch<TopologyRow[]>(`/api/db/topologies?id=eq.${id}`, body, { headers }))[0];
    },
    onSuccess: (row) => {
      toasts.success('Topology saved');
      void client.invalidateQueries({ queryKey: topologyQueries.all });
      if (isNew && row) navigate(`/settings/topologies/${row.id}`, { replace: true });
    },
    onError: (err) => toasts.error(err.message),
  });
  const run = useMutation({
    mutationFn: () => api.post<{ components: number; errors: string[] }>(`/api/canary/run/topology/${id}`),
    onSuccess: (r) => {
      if (r.errors.length) toasts.error(`Run finished with errors: ${r.errors[0]}`);
      else toasts.success(`Run finished: ${r.components} components`);
      void client.invalidateQueries({ queryKey: topologyQueries.all });
    },
    onError: (err) => toasts.error(err.message),
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`/api/db/topologies?id=eq.${id}`),
    onSuccess: () => {
      toasts.success('Topology deleted');
      void client.invalidateQueries({ queryKey: topologyQueries.all });
      navigate('/settings/topologies');
    },
    onError: (err) => toasts.error(err.message),
  });
  const pageSize = useJobHistoryPageSize();
  const jobs = useQuery({
    queryKey: [...topologyQueries.all, 'jobs', id, pageSize],
    queryFn: ({ signal }) =>
      fetchPage<JobRun>('/api/db/job_histories', {
        filters: { resource_id: `eq.${id}` },
        sortBy: 'time_start',
        sortOrder: 'desc',
        pageIndex: 0,
        pageSize,
        signal,
      }),
    enabled: !isNew,
  });
  if (!isNew && existing.isPending) return <LoadingBlock />;
  if (!isNew && !existing.data) return <EmptyState message="Topology not found" />;
  const form = (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name" required error={errors.name}>
          {({ id: fid, describedBy, invalid }) => (
            <input
              id={fid}
              className={inputClass}
              value={draft.name}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              disabled={!isNew}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          )}
        </FormField>
        <FormField label="Namespace">
          {({ id: fid }) => (
            <input
              id={fid}
              className={inputClass}
              value={draft.namespace}
              disabled={!isNew}
              onChange={(e) => setDraft({ ...draft, namespace: e.target.value })}
            />
          )}
        </FormField>
      </div>
      <LabelsInput value={draft.labels} readOnly={!canWrite} onChange={(labels) => setDraft({ ...draft, labels })} />
      <div className="flex flex-col gap-1">
        <span className="text-xs font-medium text-zinc-700">Spec</span>
        <LazyYamlEditor
          label="Spec"
          value={draft.specText}
          onChange={(specText) => setDraft((d) => ({ ...d, specText }))}
        />
        {errors.spec && (
          <p role="alert" className="text-xs text-red-600">
            {errors.spec}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={!valid || save.isPending || !canWrite}>
          Save
        </Button>
        {!isNew && (
          <>
            <Button onClick={() => run.mutate()} disabled={run.isPending || !canWrite}>
              Run Now
            </Button>
            <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending || !canWrite}>
              Delete
            </Button>
          </>
        )}
      </div>
    </form>
  );
  return (
    <div className="flex flex-col gap-3 p-4">
      <h1 className="text-lg font-semibold text-zinc-900">
        {isNew ? 'Add Topology' : `Topology ${existing.data?.name}`}
      </h1>
      {isNew ? (
        form
      ) : (
        <Tabs
          label="Topology"
          tabs={[
            { id: 'spec', label: 'Spec', content: form },
            { id: 'jobs', label: 'Job History', content: <JobHistoryTable jobs={jobs} /> },
          ]}
        />
      )}
    </div>
  );
}
