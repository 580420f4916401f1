import type { JobRun } from '../settings/jobs/JobHistoryTable.js';

/**
 * A playbook's Job History tab lists its runs (not job_history rows): a run already records what
 * a job row would (status, start, duration, per-action outcome), so runs write no second copy.
 * Statuses map onto the job badges; success and error counts are the completed and failed actions.
 */

export interface RunForJobs {
  id: string;
  status: string;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  playbook_run_actions: Array<{ status: string }> | null;
}

const JOB_STATUS: Record<string, string> = {
  completed: 'SUCCESS',
  failed: 'FAILED',
  timed_out: 'FAILED',
  cancelled: 'STOPPED',
  pending_approval: 'WARNING',
};

export function runAsJob(r: RunForJobs): JobRun {
  const actions = r.playbook_run_actions ?? [];
  const start = r.start_time ?? r.created_at;
  return {
    id: r.id,
    name: `run ${r.id.slice(0, 8)}`,
    status: JOB_STATUS[r.status] ?? 'RUNNING',
    time_start: start,
    duration_millis: r.end_time ? new Date(r.end_time).getTime() - new Date(start).getTime() : null,
    success_count: actions.filter((a) => a.status === 'completed').length,
    error_count: actions.filter((a) => a.status === 'failed').length,
    href: `/playbooks/runs/${r.id}`,
  };
}
