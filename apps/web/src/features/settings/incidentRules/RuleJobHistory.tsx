import { useQuery } from '@tanstack/react-query';
import { JobHistoryTable, useJobHistoryPageSize } from '../jobs/JobHistoryTable.js';
import { ruleQueries } from './api.js';

/** The Job History tab of an incident rule: runs of the incident rules job that concern it. */
export function RuleJobHistory({ ruleId }: { ruleId: string }) {
  const pageSize = useJobHistoryPageSize();
  return <JobHistoryTable jobs={useQuery(ruleQueries.jobs(ruleId, pageSize))} />;
}
