import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Tabs } from '../../ui/Tabs.js';
import { useToasts } from '../../ui/Toasts.js';
import { ComponentBudgets } from '../objectives/ComponentBudgets.js';
import { PlaybooksMenu } from '../playbooks/components/PlaybooksMenu.js';
import { type ComponentNode, downloadSnapshot, setComponentHidden, snapshotUrl, topologyQueries } from './api.js';
import { PropertyValue } from './PropertyValue.js';
import { propertyText } from './utils/cards.js';

const li = 'flex items-center justify-between gap-2 border-b border-zinc-100 py-1.5 text-sm';

function Properties({ component }: { component: ComponentNode }) {
  const props = (component.properties ?? []).filter((p) => !p.hidden && propertyText(p));
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-zinc-500">Type</dt>
      <dd>{component.type ?? '-'}</dd>
      <dt className="text-zinc-500">Health</dt>
      <dd>{component.health ?? 'unknown'}</dd>
      <dt className="text-zinc-500">Status</dt>
      <dd>{component.status}</dd>
      {component.owner && (
        <>
          <dt className="text-zinc-500">Owner</dt>
          <dd>{component.owner}</dd>
        </>
      )}
      {Object.entries(component.labels ?? {}).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-zinc-500">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      {props.map((p) => (
        <div key={p.name ?? p.label} className="contents">
          <dt className="text-zinc-500">{p.label ?? p.name}</dt>
          <dd>
            <PropertyValue property={p} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Snapshot({ component }: { component: ComponentNode }) {
  const [start, setStart] = useState('15m');
  const [related, setRelated] = useState(true);
  const [busy, setBusy] = useState(false);
  const toasts = useToasts();
  return (
    <form className="flex flex-col gap-2 text-sm" aria-label={`Download ${component.name} snapshot`}>
      <label className="flex items-center gap-2">
        Time Range
        <select
          className="rounded border border-zinc-300 px-2 py-1"
          value={start}
          onChange={(e) => setStart(e.target.value)}
        >
          {['15m', '1h', '6h', '1d', '7d'].map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={related} onChange={(e) => setRelated(e.target.checked)} />
        Include related components
      </label>
      <Button
        variant="primary"
        size="sm"
        className="self-start"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await downloadSnapshot(snapshotUrl(component.id, start, related));
          } catch (err) {
            toasts.error((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Download aria-hidden className="h-4 w-4" /> Download snapshot
      </Button>
    </form>
  );
}

/** The side panel of /topology/:id: details, checks, configs, incidents, insights, changes, snapshot. */
export function ComponentPanel({ component }: { component: ComponentNode }) {
  const [showSnapshot, setShowSnapshot] = useState(false);
  const canHide = useSession().can('topologies', 'update');
  const client = useQueryClient();
  const toasts = useToasts();
  const hide = useMutation({
    mutationFn: (hidden: boolean) => setComponentHidden(component.id, hidden),
    onSuccess: () => client.invalidateQueries({ queryKey: topologyQueries.all }),
    onError: (err) => toasts.error(err.message),
  });
  const checks = useQuery(topologyQueries.checks(component.id));
  const configs = useQuery(topologyQueries.configs(component.id));
  const incidents = useQuery(topologyQueries.incidents(component.id));
  const configIds = (configs.data ?? []).map((c) => c.config_id);
  const insights = useQuery(topologyQueries.insights(configIds));
  const changes = useQuery(topologyQueries.changes(configIds));
  const list = <T,>(rows: T[] | undefined, render: (r: T) => React.ReactNode) =>
    rows?.length ? <ul>{rows.map(render)}</ul> : <EmptyState />;
  return (
    <aside
      aria-label="Component details"
      className="w-full shrink-0 overflow-y-auto border-l border-zinc-200 bg-white p-4 lg:w-[34rem]"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-zinc-900">{component.text ?? component.name}</h2>
        <div className="flex gap-2">
          <PlaybooksMenu target={{ component_id: component.id }} />
          {canHide && (
            <Button size="sm" disabled={hide.isPending} onClick={() => hide.mutate(!component.hidden)}>
              {component.hidden ? 'Unhide' : 'Hide'}
            </Button>
          )}
          <Button size="sm" aria-expanded={showSnapshot} onClick={() => setShowSnapshot(!showSnapshot)}>
            <Download aria-hidden className="h-4 w-4" /> Snapshot
          </Button>
        </div>
      </div>
      <ComponentBudgets componentId={component.id} />
      {showSnapshot && (
        <div className="mb-3 rounded-md border border-zinc-200 p-3">
          <Snapshot component={component} />
        </div>
      )}
      <Tabs
        label="Component"
        tabs={[
          { id: 'details', label: 'Details', content: <Properties component={component} /> },
          {
            id: 'checks',
            label: 'Checks',
            count: checks.data?.length || undefined,
            content: list(checks.data, (c) => (
              <li key={c.id} className={li}>
                <Link to={`/health?checkId=${c.id}`} className="text-blue-700 hover:underline">
                  {c.name}
                </Link>
                <span className={c.status === 'unhealthy' ? 'text-red-700' : 'text-green-700'}>
                  {c.status ?? 'unknown'}
                </span>
              </li>
            )),
          },
          {
            id: 'configs',
            label: 'Configs',
            count: configs.data?.length || undefined,
            content: list(configs.data, (c) => (
              <li key={c.config_id} className={li}>
                <Link to={`/catalog/${c.config_id}`} className="text-blue-700 hover:underline">
                  {c.config?.name ?? c.config_id}
                </Link>
                <span className="text-zinc-500">{c.config?.type}</span>
              </li>
            )),
          },
          {
            id: 'incidents',
            label: 'Incidents',
            count: incidents.data?.length || undefined,
            content: list(incidents.data, (i) => (
              <li key={i.id} className={li}>
                <Link to={`/incidents/${i.id}`} className="text-blue-700 hover:underline">
                  {i.incident_id} {i.title}
                </Link>
                <span className="text-zinc-500">{i.status}</span>
              </li>
            )),
          },
          {
            id: 'insights',
            label: 'Insights',
            count: insights.data?.length || undefined,
            content: list(insights.data, (a) => (
              <li key={a.id} className={li}>
                <span>{a.summary ?? a.analyzer}</span>
                <span className="text-zinc-500">{a.severity}</span>
              </li>
            )),
          },
          {
            id: 'changes',
            label: 'Changes',
            count: changes.data?.length || undefined,
            content: list(changes.data, (c) => (
              <li key={c.id} className={li}>
                <span>
                  {c.config?.name}: {c.summary ?? c.change_type}
                </span>
                <time className="text-zinc-500">{new Date(c.created_at).toLocaleString()}</time>
              </li>
            )),
          },
        ]}
      />
    </aside>
  );
}
