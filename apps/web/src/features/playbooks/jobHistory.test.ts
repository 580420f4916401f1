import { describe, expect, it } from 'vitest';
import { runAsJob } from './jobHistory.js';

// shaped as /api/db/playbook_runs?select=id,status,created_at,start_time,end_time,playbook_run_actions(status) answers
// (apps/server/test/playbooks/childRuns.test.ts reads the same select)
const run = {
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  status: 'failed',
  created_at: '2026-01-01T00:00:00.000Z',
  start_time: '2026-01-01T00:00:01.000Z',
  end_time: '2026-01-01T00:00:03.500Z',
  playbook_run_actions: [{ status: 'completed' }, { status: 'failed' }, { status: 'skipped' }],
};

describe('a playbook run as a job history row', () => {
  it('maps status, duration, counts and links the run page', () => {
    expect(runAsJob(run)).toEqual({
      id: run.id,
      name: 'run 6f1c2a4e',
      status: 'FAILED',
      time_start: run.start_time,
      duration_millis: 2500,
      success_count: 1,
      error_count: 1,
      href: `/playbooks/runs/${run.id}`,
    });
  });
  it('shows a run waiting for approval as a warning and one in progress as running', () => {
    expect(runAsJob({ ...run, status: 'pending_approval', start_time: null, end_time: null })).toMatchObject({
      status: 'WARNING',
      time_start: run.created_at,
      duration_millis: null,
    });
    expect(runAsJob({ ...run, status: 'sleeping', end_time: null }).status).toBe('RUNNING');
  });
});
