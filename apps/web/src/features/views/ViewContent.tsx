import type { ViewResult } from '@opsdeck/schema/view';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { errorMessage } from '../../api/errors.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { ReportSection } from '../applications/ReportSections.js';
import { type ViewRef, viewQueries } from './api.js';
import { ViewPanels } from './ViewPanels.js';
import { ViewRows } from './ViewRows.js';

/** The body of a view answer: the failed-refresh notice, panels, rows and sections. */
export function ViewBody({
  view,
  variables,
  filters,
  display,
}: {
  view: ViewResult;
  variables: Record<string, string>;
  filters: Record<string, string>;
  display: 'table' | 'cards';
}) {
  return (
    <div className="flex flex-col gap-4">
      {view.refreshStatus === 'error' && (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            View refresh failed{view.lastRefreshedAt ? ' (showing the last good result)' : ''}: {view.refreshError}
          </span>
        </p>
      )}
      <ViewPanels panels={view.panels} />
      {view.columns.length > 0 && <ViewRows view={view} display={display} filters={filters} />}
      {view.sections.map((s, i) => {
        const listed = view.sectionResults?.[i];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: sections are fixed by the spec
          <div key={i} className="flex flex-col gap-2">
            {s.viewRef && (
              <section aria-label={s.title} className="flex flex-col gap-2">
                <h2 className="text-base font-semibold text-zinc-800">{s.title}</h2>
                <ViewSection viewRef={s.viewRef} variables={variables} />
              </section>
            )}
            {listed && <ReportSection section={listed} />}
          </div>
        );
      })}
    </div>
  );
}

/**
 * A view shown inside another page (a view's section, an application report): the variables it
 * declares take their values from `variables`, the rest are left to its defaults.
 */
export function ViewSection({
  viewRef,
  variables,
  filters = {},
}: {
  viewRef: ViewRef;
  variables: Record<string, string>;
  filters?: Record<string, string>;
}) {
  const first = useQuery(viewQueries.view(viewRef, {}));
  const own = Object.fromEntries(
    (first.data?.variables ?? []).flatMap((v) => (variables[v.key] ? [[v.key, variables[v.key] as string]] : [])),
  );
  const needsOwn = Object.keys(own).length > 0;
  const scoped = useQuery({ ...viewQueries.view(viewRef, own), enabled: needsOwn && first.isSuccess });
  const view = needsOwn ? scoped.data : first.data;
  const error = first.error ?? scoped.error;
  if (error) return <p className="text-sm text-red-700">{errorMessage(error)}</p>;
  if (!view) return <LoadingBlock label="Loading view" />;
  return <ViewBody view={view} variables={variables} filters={filters} display="table" />;
}
