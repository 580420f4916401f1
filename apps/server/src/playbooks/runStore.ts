import { sql } from 'kysely';
import type { Executor } from '../events/queue.js';
import { maskedColumn } from '../rest/secrets.js';

/** Reading playbook runs as their pages show them: secrets in specs, requests, results and errors masked. */

/** A run with its spec, request and error masked, or undefined. */
export function findMaskedRun(db: Executor, id: string) {
  return db
    .selectFrom('playbook_runs')
    .selectAll()
    .select([
      maskedColumn('playbook_runs', 'spec', sql.ref('spec')).as('spec'),
      maskedColumn('playbook_runs', 'error', sql.ref('error'), 'text').as('error'),
      maskedColumn('playbook_runs', 'request', sql.ref('request')).as('request'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The playbook a run page names (deleted or not), or undefined. */
export function runPlaybookHeader(db: Executor, playbookId: string) {
  return db
    .selectFrom('playbooks')
    .select(['id', 'name', 'namespace', 'title', 'icon', 'category'])
    .where('id', '=', playbookId)
    .executeTakeFirst();
}

/** The actions of a run in their order, results and errors masked. */
export function maskedRunActions(db: Executor, runId: string) {
  return db
    .selectFrom('playbook_run_actions')
    .select([
      'id',
      'name',
      'status',
      'retry_count',
      'playbook_run_id',
      'start_time',
      'scheduled_time',
      'end_time',
      maskedColumn('playbook_run_actions', 'result', sql.ref('result')).as('result'),
      maskedColumn('playbook_run_actions', 'error', sql.ref('error'), 'text').as('error'),
    ])
    .where('playbook_run_id', '=', runId)
    .orderBy('action_index')
    .execute();
}
