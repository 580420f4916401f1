import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { catalogQueries } from './api.js';
import { CatalogNav } from './CatalogNav.js';
import { InsightsTable } from './InsightsTable.js';

const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'];
const STATUSES = ['open', 'resolved', 'silenced'];

/** /catalog/insights: insights across the catalog, filtered by type, severity, status and analyzer. */
export function CatalogInsightsPage() {
  const [params, setParams] = useSearchParams();
  const types = useQuery(catalogQueries.options('analysis_types', 'analysis_type'));
  const analyzers = useQuery(catalogQueries.options('analyzer_types', 'analyzer'));
  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('pageIndex');
        return next;
      },
      { replace: true },
    );
  const select = (key: string, label: string, values: string[]) => (
    <select
      aria-label={label}
      value={params.get(key) ?? ''}
      onChange={(e) => set(key, e.target.value)}
      className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm"
    >
      <option value="">{`All ${label.toLowerCase()}`}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </select>
  );
  const eq = (key: string) => (params.get(key) ? `eq.${params.get(key)}` : undefined);
  const status = params.get('status') ?? 'open';
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
      <CatalogNav />
      <section aria-label="Insight filters" className="flex flex-wrap gap-2">
        {select('type', 'Types', types.data ?? [])}
        {select('severity', 'Severities', SEVERITIES)}
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => set('status', e.target.value)}
          className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
          <option value="all">all</option>
        </select>
        {select('analyzer', 'Analyzers', analyzers.data ?? [])}
      </section>
      <InsightsTable
        filters={{
          analysis_type: eq('type'),
          severity: eq('severity'),
          analyzer: eq('analyzer'),
          status: status === 'all' ? undefined : `eq.${status}`,
          deleted_at: 'is.null',
        }}
      />
    </div>
  );
}
