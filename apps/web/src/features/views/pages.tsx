import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LayoutGrid, RefreshCw, Table } from 'lucide-react';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { usePageTitle } from '../../app/layout/topBarContext.js';
import { Age } from '../../ui/Age.js';
import { Button } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { refreshView, viewQueries } from './api.js';
import { ViewBody } from './ViewContent.js';
import { ViewFilterBar } from './ViewFilterBar.js';

const RESERVED = new Set(['display']);

/** Variables (`?key=value`) and column filters (`?filter.column=value`) kept in the URL. */
function useViewParams() {
  const [params, setParams] = useSearchParams();
  const variables: Record<string, string> = {};
  const filters: Record<string, string> = {};
  for (const [k, v] of params) {
    if (k.startsWith('filter.')) filters[k.slice(7)] = v;
    else if (!RESERVED.has(k) && v) variables[k] = v;
  }
  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { params, variables, filters, set };
}

/** /views/:id: a view's filter bar, panels, rows (table or cards) and sections. */
export function ViewPage() {
  const { id = '' } = useParams();
  const { params, variables, filters, set } = useViewParams();
  const client = useQueryClient();
  const ref = { id };
  const view = useQuery(viewQueries.view(ref, variables));
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string>();
  usePageTitle(view.data?.title);
  if (view.isPending) return <LoadingBlock label="Loading view" />;
  if (view.isError) return <EmptyState message={errorMessage(view.error)} />;
  const data = view.data;
  const display = (params.get('display') ?? (data.card?.default ? 'cards' : 'table')) === 'cards' ? 'cards' : 'table';
  const refresh = async () => {
    setRefreshing(true);
    setRefreshError(undefined);
    try {
      client.setQueryData(viewQueries.view(ref, variables).queryKey, await refreshView(ref, variables));
    } catch (err) {
      setRefreshError(errorMessage(err));
    } finally {
      setRefreshing(false);
    }
  };
  const toggle = 'rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100';
  return (
    <div className="flex flex-col gap-4 p-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-2">
          {/* the title is the top bar's heading (usePageTitle) */}
          <ViewFilterBar
            view={data}
            variables={variables}
            filters={filters}
            onVariable={set}
            onFilter={(column, value) => set(`filter.${column}`, value)}
          />
        </div>
        <div className="flex items-center gap-2 text-xs text-zinc-500">
          {data.lastRefreshedAt && (
            <span>
              Refreshed <Age date={data.lastRefreshedAt} suffix=" ago" />
            </span>
          )}
          {data.columns.length > 0 && (
            <fieldset className="flex rounded-md border border-zinc-200">
              <legend className="sr-only">Display</legend>
              <button
                type="button"
                aria-pressed={display === 'table'}
                aria-label="Table"
                className={cx(toggle, display === 'table' && 'bg-zinc-100 text-zinc-900')}
                onClick={() => set('display', 'table')}
              >
                <Table className="h-4 w-4" />
              </button>
              <button
                type="button"
                aria-pressed={display === 'cards'}
                aria-label="Cards"
                className={cx(toggle, display === 'cards' && 'bg-zinc-100 text-zinc-900')}
                onClick={() => set('display', 'cards')}
              >
                <LayoutGrid className="h-4 w-4" />
              </button>
            </fieldset>
          )}
          <Button
            size="sm"
            icon={<RefreshCw className={cx('h-4 w-4', refreshing && 'animate-spin')} />}
            onClick={refresh}
          >
            Refresh
          </Button>
        </div>
      </header>
      {refreshError && (
        <p role="alert" className="text-sm text-red-700">
          {refreshError}
        </p>
      )}
      <ViewBody view={data} variables={variables} filters={filters} display={display} />
    </div>
  );
}
