import { useMemo } from 'react';
import { type LabelOption, labelOptions, withSelected } from './labels.js';
import { type Pivot, pivotChecks } from './pivot.js';
import type { CheckSummary } from './types.js';
import type { HealthParams } from './useHealthParams.js';
import { ALL_TAB, type CheckGroup, filterChecks, groupChecks, sortChecks, tabsFor, tabValue } from './utils.js';

/** What the health page shows for its data and URL settings. */
export interface HealthView {
  /** The label filter's keys and values, unchanged (same object) while the labels are. */
  options: LabelOption[];
  tabs: string[];
  tab: string;
  /** The checks of the current tab after filters and search, sorted. */
  visible: CheckSummary[];
  /** Groups of `visible` (null with no-group), for the table. */
  groups: CheckGroup[] | null;
  /** The matrix of the pivot view (null unless pivotBy is set). */
  pivot: Pivot | null;
  /** How many checks the search, label filters and Hide Passing leave, in every tab. */
  matching: number;
}

/**
 * Derives everything the page draws, each step memoised on its own inputs: a data refresh filters,
 * sorts and groups once, and a change of one setting redoes only the steps after it.
 */
export function useHealthView(all: readonly CheckSummary[] | undefined, params: HealthParams): HealthView {
  const checks = all ?? EMPTY;
  // compared by content: a refresh with the same labels keeps the filter panel as it is
  const optionsJson = useMemo(() => JSON.stringify(labelOptions(checks)), [checks]);
  const parsed = useMemo(() => JSON.parse(optionsJson) as LabelOption[], [optionsJson]);
  // a label filter in force stays in the panel, to be cleared, even when no check shown carries it
  const options = useMemo(() => withSelected(parsed, params.labels), [parsed, params.labels]);
  const filtered = useMemo(
    () => filterChecks(checks, { query: params.query, hidePassing: params.hidePassing, labels: params.labels }),
    [checks, params.query, params.hidePassing, params.labels],
  );
  const tabs = useMemo(() => tabsFor(filtered, params.tabBy), [filtered, params.tabBy]);
  const tab = tabs.includes(params.tab) ? params.tab : ALL_TAB;
  const visible = useMemo(() => {
    const inTab = tab === ALL_TAB ? filtered : filtered.filter((c) => tabValue(c, params.tabBy) === tab);
    return sortChecks(inTab, params.sortBy, params.sortDesc);
  }, [filtered, tab, params.tabBy, params.sortBy, params.sortDesc]);
  const pivoting = params.pivotBy !== null;
  const groups = useMemo(
    () => (pivoting || params.groupBy === 'no-group' ? null : groupChecks(visible, params.groupBy)),
    [visible, params.groupBy, pivoting],
  );
  const pivot = useMemo(
    () =>
      params.pivotBy
        ? pivotChecks(visible, { groupBy: params.groupBy, pivotBy: params.pivotBy, pivotLabel: params.pivotLabel })
        : null,
    [visible, params.groupBy, params.pivotBy, params.pivotLabel],
  );
  return { options, tabs, tab, visible, groups, pivot, matching: filtered.length };
}

const EMPTY: CheckSummary[] = [];
