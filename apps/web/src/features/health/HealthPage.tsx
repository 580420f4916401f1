import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Modal } from '../../ui/Modal.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { CheckDetail } from './CheckDetail.js';
import { HealthCards } from './HealthCards.js';
import { HealthFilters } from './HealthFilters.js';
import { HealthTable } from './HealthTable.js';
import { HealthToolbar } from './HealthToolbar.js';
import { useHealthParams } from './useHealthParams.js';
import { useSummary } from './useSummary.js';
import {
  ALL_TAB,
  defaultCheckRange,
  filterChecks,
  groupChecks,
  labelOptions,
  refreshMs,
  type SortKey,
  sortChecks,
  tabsFor,
  tabValue,
} from './utils.js';

/** /health (and /view/health): every check with filters, grouping, tabs, and the check detail. */
export function HealthPage() {
  const [params, update] = useHealthParams();
  const standalone = useLocation().pathname.startsWith('/view/');
  const summary = useSummary(params.timeRange, { refreshMs: refreshMs(params.refresh) });
  const all = summary.data;

  const options = useMemo(() => labelOptions(all ?? []), [all]);
  const filtered = useMemo(
    () => filterChecks(all ?? [], { query: params.query, hidePassing: params.hidePassing, labels: params.labels }),
    [all, params.query, params.hidePassing, params.labels],
  );
  // when Hide Passing hides every match, the empty state says so instead of looking broken
  const passingHidden = useMemo(
    () =>
      params.hidePassing && filtered.length === 0
        ? filterChecks(all ?? [], { query: params.query, hidePassing: false, labels: params.labels }).length
        : 0,
    [all, filtered.length, params.query, params.hidePassing, params.labels],
  );
  const tabs = useMemo(() => tabsFor(filtered, params.tabBy), [filtered, params.tabBy]);
  const tab = tabs.includes(params.tab) ? params.tab : ALL_TAB;
  const visible = useMemo(() => {
    const inTab = tab === ALL_TAB ? filtered : filtered.filter((c) => tabValue(c, params.tabBy) === tab);
    return sortChecks(inTab, params.sortBy, params.sortDesc);
  }, [filtered, tab, params.tabBy, params.sortBy, params.sortDesc]);
  const groups = useMemo(
    () => (params.groupBy === 'no-group' ? null : groupChecks(visible, params.groupBy)),
    [visible, params.groupBy],
  );

  const open = useCallback(
    (id: string) => {
      const check = all?.find((c) => c.id === id);
      update({ checkId: id, timeRange: defaultCheckRange(check?.last_runtime, Date.now()) });
    },
    [all, update],
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

  if (standalone && params.checkId) {
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

  return (
    <div className="flex h-full min-h-0">
      <HealthFilters
        hidePassing={params.hidePassing}
        onHidePassing={onHidePassing}
        options={options}
        labels={params.labels}
        onLabel={onLabel}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <HealthToolbar params={params} update={update} labelKeys={options} />
        <div
          role="tablist"
          aria-label="Tabs"
          className="flex gap-1 overflow-x-auto border-b border-zinc-200 bg-white px-3"
        >
          {tabs.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={t === tab}
              onClick={() => update({ tab: t === ALL_TAB ? null : t })}
              className={cx(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                t === tab
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-zinc-500 hover:text-zinc-800',
              )}
            >
              {t}
            </button>
          ))}
        </div>
        {summary.isPending ? (
          <LoadingBlock />
        ) : visible.length === 0 && passingHidden > 0 ? (
          <EmptyState message={`All ${passingHidden} matching checks are passing`}>
            <Button size="sm" onClick={() => onHidePassing(false)}>
              Show passing checks
            </Button>
          </EmptyState>
        ) : visible.length === 0 ? (
          <EmptyState />
        ) : params.layout === 'card' ? (
          <HealthCards checks={visible} onOpen={open} />
        ) : (
          <HealthTable
            checks={visible}
            groups={groups}
            sortBy={params.sortBy}
            sortDesc={params.sortDesc}
            onSort={onSort}
            onOpen={open}
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
