import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';

/** Who wrote a rule, embedded through `created_by`. */
export interface RuleAuthor {
  id: string;
  name: string;
  avatar: string | null;
}

/** An `incident_rules` row with its author (spec part 1 section 7: the plain table under /api/db). */
export interface IncidentRuleRow {
  id: string;
  name: string;
  spec: unknown;
  source: string | null;
  created_at: string;
  updated_at: string;
  created_by: RuleAuthor | null;
}

/** A job_histories row of the incident rules job, for the Job History tab. */
export interface RuleJob {
  id: string;
  name: string;
  status: string;
  time_start: string | null;
  duration_millis: number | null;
  success_count: number | null;
  error_count: number | null;
}

/** The `resource_type` the incident rules job records its runs under. */
export const RULE_RESOURCE_TYPE = 'incident_rule';

const RULES = '/api/db/incident_rules';
const SELECT = 'id,name,spec,source,created_at,updated_at,created_by(id,name,avatar)';

/** Query factories of the incident rules settings; keys start with `settings-incident-rules`. */
export const ruleQueries = {
  all: ['settings-incident-rules'] as const,
  list: (q: { pageIndex: number; pageSize: number; sortBy?: string; sortOrder: 'asc' | 'desc' }) =>
    queryOptions({
      queryKey: [...ruleQueries.all, 'list', q],
      queryFn: ({ signal }) =>
        fetchPage<IncidentRuleRow>(RULES, { select: SELECT, filters: { deleted_at: 'is.null' }, ...q, signal }),
      placeholderData: keepPreviousData,
    }),
  byId: (id: string) =>
    queryOptions({
      queryKey: [...ruleQueries.all, 'one', id],
      queryFn: async ({ signal }) => {
        const rows = await api.get<IncidentRuleRow[]>(RULES, {
          params: { select: SELECT, id: `eq.${id}`, deleted_at: 'is.null' },
          signal,
        });
        return rows[0] ?? null;
      },
    }),
  /**
   * Runs of the incident rules job that concern this rule: rows recorded for the rule itself and
   * the job's runs over all rules (which carry no resource id), newest first.
   */
  jobs: (id: string, pageSize: number) =>
    queryOptions({
      queryKey: [...ruleQueries.all, 'jobs', id, pageSize],
      queryFn: ({ signal }) =>
        fetchPage<RuleJob>('/api/db/job_histories', {
          select: 'id,name,status,time_start,duration_millis,success_count,error_count',
          filters: { resource_type: `eq.${RULE_RESOURCE_TYPE}`, or: `(resource_id.eq.${id},resource_id.is.null)` },
          sortBy: 'time_start',
          sortOrder: 'desc',
          pageIndex: 0,
          pageSize,
          signal,
        }),
    }),
};

/** Creates a rule; answers its id. `created_by` is filled by the server with the caller. */
export async function createRule(name: string, spec: unknown): Promise<string> {
  const rows = await api.post<Array<{ id: string }>>(
    RULES,
    { name, spec },
    { params: { select: 'id' }, headers: { Prefer: 'return=representation' } },
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('the server did not return the new incident rule');
  return id;
}

/** Saves a rule's spec; the name is fixed once saved (spec part 2 section 5). */
export function updateRule(id: string, spec: unknown): Promise<unknown> {
  return api.patch(RULES, { spec }, { params: { id: `eq.${id}` } });
}

/** Deletes a rule; incidents it opened stay and lose the link. */
export function deleteRule(id: string): Promise<unknown> {
  return api.delete(RULES, { params: { id: `eq.${id}` } });
}
