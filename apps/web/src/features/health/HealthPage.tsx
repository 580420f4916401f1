import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useFallbackInterval } from '../../app/live/LiveUpdates.js';
import { Button } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Modal } from '../../ui/Modal.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { BudgetBadge } from '../objectives/BudgetBadge.js';
import { agentLabel, useAgentNames } from '../settings/agents/agentNames.js';
import { HealthCards } from './HealthCards.js';
import { HealthEmpty } from './HealthEmpty.js';
import { HealthFilters } from './HealthFilters.js';
import { HealthPivot } from './HealthPivot.js';
import { HealthTable } from './HealthTable.js';
import { HealthToolbar } from './HealthToolbar.js';
import { MaintenanceBanner, useActiveMaintenance } from './MaintenanceBanner.js';
import type { CheckSummary } from './types.js';
import { type HealthParams, useHealthParams } from './useHealthParams.js';
import { useHealthView } from './useHealthView.js';
import { usePassingHidden } from './usePassingHidden.js';
import { useSummary } from './useSummary.js';
import { ALL_TAB, defaultCheckRange, refreshMs, type SortKey } from './utils.js';

// The detail (history, graph, YAML spec, linking to incidents) loads when a check is first opened,
// so the list of checks renders without it.
const LazyCheckDetail = lazy(async () => ({ default: (await import('./CheckDetail.js')).CheckDetail }));
const CheckDetail = (props: { checkId: string; timeRange: string; onTimeRange(range: string): void }) => (
  <Suspense fallback={<LoadingBlock />}>
    <LazyCheckDetail {...props} />
  </Suspense>
);

/** /health (and /view/health): every check with filters, grouping, tabs, the pivot, and the check detail. */
export function HealthPage() {
  const [params, update] = useHealthParams();
  const agentNames = useAgentNames();
  const standalone = useLocation().pathname.startsWith('/view/');
  const detailOnly = standalone && !!params.checkId;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  // live updates patch the rows; without the stream the page polls (or at the refresh asked for)
  const fallback = useFallbackInterval(30_000) || 0;
  // with Hide Passing on the server leaves the passing checks (most, usually) out of the reply
  const summary = useSummary(params.timeRange, {
    refreshMs: refreshMs(params.refresh) || fallback,
    failingOnly: params.hidePassing,
    enabled: !detailOnly,
  });
  const maintenance = useActiveMaintenance(!detailOnly);
  const view = useHealthView(summary.data?.checks, params);
  const passingHidden = usePassingHidden(params, summary.data, view.matching, !detailOnly);

  // takes the check rather than its id, so it stays the same function across data refreshes
  const open = useCallback(
    (check: CheckSummary) =>
      update({ checkId: check.id, timeRange: defaultCheckRange(check.last_runtime, Date.now()) }),
    [update],
  );
  const close = useCallback(() => update({ checkId: null, timeRange: null }), [update]);
  const onLabel = useCallback(
    (id: string, state: 0 | 1 | -1) => {
      const next = { ...params.labels };
      if (state === 0) delete next[id];
      else next[id] = state;
      update({ labels: next });
    },
    [params.labels, update],
  );
  const onHidePassing = useCallback((v: boolean) => update({ hidePassing: v ? null : false }), [update]);
  const onSort = useCallback(
    (key: SortKey) =>
      update({
        sortBy: key === 'name' ? null : key,
        sortDesc: key === params.sortBy && !params.sortDesc ? true : null,
      }),
    [params.sortBy, params.sortDesc, update],
  );
  const filtering = params.query !== '' || Object.keys(params.labels).length > 0;
  const clearFilters = useCallback(() => update({ query: null, labels: null }), [update]);

  if (detailOnly && params.checkId) {
    return (
      <div className="h-full overflow-auto bg-white p-4">
        <CheckDetail
          checkId={params.checkId}
          timeRange={params.timeRange}
          onTimeRange={(r) => update({ timeRange: r })}
        />
      </div>
    );
  }

  const { visible } = view;
  return (
    <div className="relative flex h-full min-h-0">
      <HealthFilters
        open={filtersOpen}
        onClose={closeFilters}
        hidePassing={params.hidePassing}
        onHidePassing={onHidePassing}
        options={view.options}
        labels={params.labels}
        onLabel={onLabel}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <HealthToolbar
          params={params}
          update={update}
          labelKeys={view.options}
          filtersOpen={filtersOpen}
          onToggleFilters={() => setFiltersOpen((o) => !o)}
        />
        <MaintenanceBanner data={maintenance.data} />
        <BudgetBadge />
        <div
          role="tablist"
          aria-label="Tabs"
          className="flex gap-1 overflow-x-auto border-b border-zinc-200 bg-white px-3"
        >
          {view.tabs.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={t === view.tab}
              onClick={() => update({ tab: t === ALL_TAB ? null : t })}
              className={cx(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                t === view.tab
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-zinc-500 hover:text-zinc-800',
              )}
            >
              {params.tabBy === 'agent' && t !== ALL_TAB ? agentLabel(t, agentNames) : t}
            </button>
          ))}
        </div>
        {summary.isPending || passingHidden === undefined ? (
          <LoadingBlock />
        ) : visible.length === 0 && passingHidden > 0 ? (
          <EmptyState message={`All ${passingHidden} matching checks are passing`}>
            <Button size="sm" onClick={() => onHidePassing(false)}>
              Show passing checks
            </Button>
          </EmptyState>
        ) : visible.length === 0 ? (
          <HealthEmpty hasChecks={(summary.data?.total ?? 0) > 0} onClear={filtering ? clearFilters : null} />
        ) : view.pivot ? (
          <HealthPivot pivot={view.pivot} rowLabel={rowLabel(params)} cellType={params.pivotCellType} onOpen={open} />
        ) : params.layout === 'card' ? (
          <HealthCards checks={visible} onOpen={open} />
        ) : (
          <HealthTable
            checks={visible}
            groups={view.groups}
            sortBy={params.sortBy}
            sortDesc={params.sortDesc}
            onSort={onSort}
            onOpen={open}
            maintenance={maintenance.data?.checks}
          />
        )}
      </div>
      <Modal open={!!params.checkId} onClose={close} title="Check details" size="xl" expandable>
        {params.checkId && (
          <CheckDetail
            checkId={params.checkId}
            timeRange={params.timeRange}
            onTimeRange={(r) => update({ timeRange: r })}
          />
        )}
      </Modal>
    </div>
  );
}

const ROW_LABELS: Record<string, string> = {
  'no-group': 'Check',
  canary_name: 'Canary',
  name: 'Name',
  description: 'Description',
  type: 'Type',
};

/** Heading of the pivot's row column: what the rows are grouped by. */
const rowLabel = (params: HealthParams) => ROW_LABELS[params.groupBy] ?? params.groupBy;
