import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/errors.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { isUiManaged, originOf } from '../../ui/forms/origin.js';
import { LoadingBlock } from '../../ui/Spinner.js';
import { Tabs } from '../../ui/Tabs.js';
import { JobHistoryTable, useJobHistoryPageSize } from '../settings/jobs/JobHistoryTable.js';
import { catalogQueries } from './api.js';
import { ScraperEditor } from './ScraperEditor.js';

/** /catalog/scrapers/new and /catalog/scrapers/:id: the ScrapeConfig editor and its Job History. */
export function ScraperDetailPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const scraper = useQuery({ ...catalogQueries.scraper(id), enabled: !isNew });
  const pageSize = useJobHistoryPageSize();
  const jobs = useQuery({ ...catalogQueries.scraperJobs(id, pageSize), enabled: !isNew });
  if (!isNew && scraper.isLoading) return <LoadingBlock />;
  if (!isNew && scraper.error) return <EmptyState message={errorMessage(scraper.error)} />;
  const row = isNew ? undefined : (scraper.data ?? undefined);
  if (!isNew && !row) return <EmptyState message="Scraper not found" />;
  const readOnly = !!row && !isUiManaged(row.source, row.agent_id);
  const origin = row && readOnly ? originOf(row.source, row.agent_id, 'ScrapeConfig') : undefined;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-auto p-4">
      <div className="flex items-center gap-2">
        <Link to="/catalog/scrapers" aria-label="Back to scrapers" className="text-zinc-500 hover:text-zinc-900">
          <ArrowLeft className="h-4 w-4" />
        </Link>
        <h2 className="text-base font-semibold text-zinc-900">{row ? row.name : 'New scraper'}</h2>
        {row && <span className="text-xs text-zinc-500">{row.namespace}</span>}
      </div>
      {origin && (
        <div
          role="note"
          className="flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <Lock className="h-4 w-4 shrink-0" aria-hidden />
          Read-only: this scraper is managed by {origin.label} (source {row?.source}). Change it there.
        </div>
      )}
      {row ? (
        <Tabs
          label="Scraper"
          tabs={[
            { id: 'spec', label: 'Spec', content: <ScraperEditor key={row.id} row={row} readOnly={readOnly} /> },
            { id: 'jobs', label: 'Job History', content: <JobHistoryTable jobs={jobs} /> },
          ]}
        />
      ) : (
        <ScraperEditor readOnly={false} />
      )}
    </div>
  );
}
