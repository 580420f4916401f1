import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { Age } from '../../ui/Age.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { TypeIcon } from '../../ui/icons/TypeIcon.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { Tabs } from '../../ui/Tabs.js';
import { PlaybooksMenu } from '../playbooks/components/PlaybooksMenu.js';
import { TargetRuns } from '../playbooks/components/TargetRuns.js';
import { ConfigViewTab, viewQueries } from '../views/index.js';
import { catalogQueries } from './api.js';
import { ConfigChangesTab } from './ConfigChangesTab.js';
import { ConfigChecks } from './ConfigChecks.js';
import { ConfigProperties } from './ConfigProperties.js';
import { ConfigSpec } from './ConfigSpec.js';
import { HealthDot, TagList } from './HealthBadge.js';
import { InsightsTable } from './InsightsTable.js';
import { RelationshipsTab } from './RelationshipsTab.js';

export type ConfigTab = 'config' | 'changes' | 'insights' | 'relationships' | 'playbooks' | 'checks';

/** /catalog/:id and /catalog/:id/<tab>: the item's header and its tabs; the tab is part of the URL. */
export function ConfigDetailPage({ tab = 'config' }: { tab?: ConfigTab }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery(catalogQueries.detail(id));
  // views whose display.plugins name this item show as tabs (`?view=<id>` on the Config tab's URL)
  const [search] = useSearchParams();
  const viewTabs = useQuery({ ...viewQueries.configTabs(id), enabled: !!id, retry: false });
  const openView = tab === 'config' ? search.get('view') : null;
  if (detail.isLoading) return <LoadingBlock />;
  if (detail.error) return <EmptyState message={errorMessage(detail.error)} />;
  const c = detail.data;
  if (!c) return <EmptyState message="Config item not found" />;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/catalog" aria-label="Back to the catalog" className="text-zinc-500 hover:text-zinc-900">
          <ArrowLeft className="h-4 w-4" />
        </Link>
        <HealthDot health={c.health} />
        <TypeIcon type={c.type} className="h-5 w-5" />
        <h2 className="text-base font-semibold text-zinc-900">{c.name ?? c.id}</h2>
        <span className="text-sm text-zinc-500">{c.type}</span>
        {c.status && <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs">{c.status}</span>}
        {c.deleted_at && (
          <span className="rounded bg-zinc-200 px-1.5 py-0.5 text-xs">deleted {c.delete_reason ?? ''}</span>
        )}
        <div className="ml-auto">
          <PlaybooksMenu target={{ config_id: c.id }} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5">
        <Stat label="Class">{c.config_class}</Stat>
        <Stat label="Scraper">
          {c.scraper ? (
            <Link className="text-indigo-700 hover:underline" to={`/catalog/scrapers/${c.scraper.id}`}>
              {c.scraper.name}
            </Link>
          ) : (
            '-'
          )}
        </Stat>
        <Stat label="Created">
          <Age date={c.created_at} suffix=" ago" />
        </Stat>
        <Stat label="Changed">
          <Age date={c.updated_at} suffix=" ago" />
        </Stat>
        <Stat label="Last scraped">{c.last_scraped_time ? <Age date={c.last_scraped_time} suffix=" ago" /> : '-'}</Stat>
      </dl>
      <TagList tags={{ ...(c.tags ?? {}), ...(c.labels ?? {}) }} max={12} />
      <ConfigProperties properties={c.properties} />
      <Tabs
        label="Config item"
        value={openView ? `view:${openView}` : tab}
        onChange={(t) =>
          navigate(
            t.startsWith('view:')
              ? `/catalog/${id}?view=${encodeURIComponent(t.slice(5))}`
              : t === 'config'
                ? `/catalog/${id}`
                : `/catalog/${id}/${t}`,
          )
        }
        tabs={[
          { id: 'config', label: 'Config', content: <ConfigSpec configId={c.id} config={c.config} /> },
          { id: 'changes', label: 'Changes', count: c.summary?.changes, content: <ConfigChangesTab configId={c.id} /> },
          {
            id: 'insights',
            label: 'Insights',
            count: c.summary?.analysis,
            content: <InsightsTable filters={{ config_id: `eq.${c.id}` }} />,
          },
          {
            id: 'relationships',
            label: 'Relationships',
            count: c.summary?.relationships,
            content: <RelationshipsTab key={c.id} config={c} />,
          },
          {
            id: 'playbooks',
            label: 'Playbooks',
            count: c.summary?.playbook_runs,
            content: <TargetRuns target={{ config_id: c.id }} />,
          },
          { id: 'checks', label: 'Checks', content: <ConfigChecks configId={c.id} /> },
          ...(Array.isArray(viewTabs.data) ? viewTabs.data : []).map((v) => ({
            id: `view:${v.id}`,
            label: v.title,
            content: <ConfigViewTab viewId={v.id} configId={c.id} />,
          })),
        ]}
      />
    </div>
  );
}

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="truncate font-medium text-zinc-900">{children}</dd>
    </div>
  );
}
