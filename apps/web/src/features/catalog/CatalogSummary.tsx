import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../api/errors.js';
import { cx } from '../../ui/cx.js';
import { TypeIcon } from '../../ui/icons/TypeIcon.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import type { SummaryRow } from './types.js';

const HEALTH_TEXT: Record<string, string> = {
  healthy: 'text-emerald-700',
  unhealthy: 'text-red-700',
  warning: 'text-amber-700',
  unknown: 'text-zinc-500',
};

/** The summary: one card per config class, one row per type with its counts; a row filters the list. */
export function CatalogSummary({
  summary,
  selectedType,
  onType,
}: {
  summary: UseQueryResult<SummaryRow[]>;
  selectedType?: string;
  onType: (type: string | undefined) => void;
}) {
  if (summary.isLoading) return <LoadingBlock label="Loading summary" />;
  if (summary.error) return <p className="text-sm text-red-700">{errorMessage(summary.error)}</p>;
  const rows = summary.data ?? [];
  if (!rows.length) return null;
  const classes = new Map<string, SummaryRow[]>();
  for (const row of rows) classes.set(row.config_class, [...(classes.get(row.config_class) ?? []), row]);
  return (
    <section aria-label="Catalog summary" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {[...classes].map(([cls, types]) => (
        <div key={cls} className="rounded-lg bg-white p-3 ring-1 ring-zinc-200">
          <h3 className="mb-2 flex items-center justify-between text-sm font-semibold text-zinc-900">
            {cls}
            <span className="text-xs font-normal text-zinc-500">{types.reduce((n, t) => n + t.count, 0)}</span>
          </h3>
          <ul className="flex flex-col gap-1">
            {types.map((t) => {
              const insights = Object.values(t.analysis ?? {}).reduce((n, v) => n + v, 0);
              return (
                <li key={t.type}>
                  <button
                    type="button"
                    aria-pressed={selectedType === t.type}
                    onClick={() => onType(selectedType === t.type ? undefined : t.type)}
                    className={cx(
                      'flex w-full flex-col items-start gap-0.5 rounded px-1.5 py-1 text-left text-xs hover:bg-zinc-50',
                      selectedType === t.type && 'bg-indigo-50 ring-1 ring-indigo-200',
                    )}
                  >
                    <span className="flex w-full items-center gap-2">
                      <TypeIcon type={t.type} className="h-3.5 w-3.5" />
                      <span className="min-w-0 flex-1 truncate font-medium text-zinc-800" title={t.type}>
                        {t.type}
                      </span>
                      <span className="tabular-nums text-zinc-700" title="items">
                        {t.count}
                      </span>
                    </span>
                    <span className="flex w-full flex-wrap gap-1.5 tabular-nums">
                      {Object.entries(t.health).map(([h, n]) => (
                        <span key={h} className={HEALTH_TEXT[h]} title={h}>
                          {n} {h}
                        </span>
                      ))}
                      {t.changes > 0 && (
                        <span className="rounded bg-sky-50 px-1 text-sky-800" title="changes in 30 days">
                          {t.changes} changes
                        </span>
                      )}
                      {insights > 0 && (
                        <span className="rounded bg-amber-50 px-1 text-amber-800" title="open insights">
                          {insights} insights
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
