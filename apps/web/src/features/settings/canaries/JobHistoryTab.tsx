import { useQuery } from '@tanstack/react-query';
import { JobHistoryTable, useJobHistoryPageSize } from '../jobs/JobHistoryTable.js';
import { canaryQueries } from './api.js';

/** The Job History tab of a health check: the canary's scheduled runs. */
export function JobHistoryTab({ canaryId }: { canaryId: string }) {
  const pageSize = useJobHistoryPageSize();
  return <JobHistoryTable jobs={useQuery(canaryQueries.jobs(canaryId, pageSize))} />;
}
