import { FINAL_RUN_STATUSES, type PlaybookRunRequest, type PlaybookSpec, parseDuration } from '@opsdeck/schema';
import { connectionSecretBox } from '../connections/secrets.js';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { evaluateCel } from '../expr/index.js';
import { settlePlaybookSend } from '../notifications/send.js';
import type { Subject } from '../rbac/resources.js';
import { listedApprover } from './approvers.js';
import { closeActions } from './claims.js';
import { loadTargets, loadUser } from './env.js';
import { resolveParameters, templatedParameters } from './params.js';
import {
  forbid,
  type PlaybookLike,
  playbookObject,
  requirePlaybookAction,
  requireTarget,
  requireTargetRead,
} from './permission.js';
import { openGiven, sealSecrets } from './secretParams.js';
import { appliesTo, selectable } from './targets.js';
import { wakePlaybookWorkers } from './wake.js';
import './tables.js';

/**
 * Starting, approving and cancelling runs: every start
 * checks `playbook:run` on the playbook (permission.ts) and read on the resource, renders and checks the
 * parameters and the playbook's filters, then writes the run row the consumers pick up.
 */

export const DEFAULT_RUN_TIMEOUT_MS = 30 * 60_000;

/** The playbook of a run as run decisions see it (deleted or not). */
async function runPlaybook(ctx: AppContext, playbookId: string): Promise<PlaybookLike> {
  const row = await ctx.db.kysely
    .selectFrom('playbooks')
    .select(['id', 'name', 'namespace', 'category'])
    .where('id', '=', playbookId)
    .executeTakeFirst();
  return row ?? { id: playbookId, name: playbookId, namespace: '', category: '' };
}

export async function loadPlaybook(ctx: AppContext, id: string) {
  const row = await ctx.db.kysely
    .selectFrom('playbooks')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(`playbook ${id} not found`);
  return { ...row, spec: row.spec as PlaybookSpec };
}

/** The resource the request names (at most one) and the rows of the run's templates. */
async function namedTarget(ctx: AppContext, req: PlaybookRunRequest) {
  const named = (['config', 'check', 'component'] as const).filter((k) => req[`${k}_id`]);
  if (named.length > 1) throw badRequest('name at most one of config_id, check_id and component_id');
  return { kind: named[0], env: await loadTargets(ctx.db.kysely, req) };
}

/** The resource checked: it exists, the subject may read it, the playbook applies to it. */
function checkTarget(
  subject: Subject | undefined,
  spec: PlaybookSpec,
  req: PlaybookRunRequest,
  title: string,
  { kind, env }: Awaited<ReturnType<typeof namedTarget>>,
): void {
  if (!kind) return;
  if (kind !== 'component' && !env[kind]) throw notFound(`${kind} ${req[`${kind}_id`]} not found`);
  const row = (env[kind] ?? { id: req[`${kind}_id`] }) as Record<string, unknown>;
  if (subject) requireTargetRead(subject, kind, String(req[`${kind}_id`]), row);
  // a trigger the playbook declares may run it on a resource its selectors do not name
  const selectors = spec[`${kind}s` as 'configs' | 'checks' | 'components'] ?? [];
  if ((subject || selectors.length) && !appliesTo(spec, kind, selectable(kind, row))) {
    throw badRequest(`playbook ${title} does not apply to this ${kind}`);
  }
}

/** What the params endpoint answers and a run starts from: the rendered parameters. */
export async function runParameters(ctx: AppContext, subject: Subject, req: PlaybookRunRequest) {
  const playbook = await loadPlaybook(ctx, req.id);
  const target = await namedTarget(ctx, req);
  requirePlaybookAction(subject, 'playbook:run', playbook, req, target.env);
  checkTarget(subject, playbook.spec, req, playbook.title || playbook.name, target);
  const env = { ...target.env, user: (await loadUser(ctx.db.kysely, subject.id)) ?? {} };
  return { playbook, env, params: templatedParameters(playbook.spec, env) };
}

/**
 * Starts a run. `subject` null: a trigger (webhook, schedule, event) the playbook itself
 * declares, which names no parent run. A notification subject (a rule naming the playbook, which
 * the playbook does not declare) must hold `playbook:run` through rows naming it; past that it
 * starts the run as a trigger does, on the resource its event is about.
 */
export async function startRun(
  ctx: AppContext,
  subject: Subject | null,
  req: PlaybookRunRequest,
): Promise<{ run_id: string; starts_at: string }> {
  const playbook = await loadPlaybook(ctx, req.id);
  const target = await namedTarget(ctx, req);
  if (subject) requirePlaybookAction(subject, 'playbook:run', playbook, req, target.env);
  const caller = subject?.kind === 'notification' ? null : subject;
  const spec = playbook.spec;
  checkTarget(caller ?? undefined, spec, req, playbook.title || playbook.name, target);
  if (req.parent_id) await checkParent(ctx, caller, req.parent_id);
  const user = caller ? await loadUser(ctx.db.kysely, caller.id) : undefined;
  const env = { ...target.env, user: user ?? {} };
  const box = connectionSecretBox(ctx.config);
  let given: Record<string, unknown>;
  try {
    given = openGiven(spec, req.params ?? {}, box);
  } catch (err) {
    throw badRequest((err as Error).message);
  }
  const { values, problems } = resolveParameters(templatedParameters(spec, env), given);
  if (problems.length) throw badRequest(`invalid parameters: ${problems.join('; ')}`);
  for (const f of spec.filters ?? []) {
    let pass: unknown;
    try {
      pass = evaluateCel(f, { ...env, params: values, playbook: { id: playbook.id, name: playbook.name } });
    } catch (err) {
      throw badRequest(`filter ${f}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (pass !== true) throw badRequest(`the playbook's filter refused this run: ${f}`);
  }
  const now = ctx.clock.now();
  const timeoutMs = spec.timeout ? (parseDuration(spec.timeout) ?? DEFAULT_RUN_TIMEOUT_MS) : DEFAULT_RUN_TIMEOUT_MS;
  const row = await ctx.db.kysely
    .insertInto('playbook_runs')
    .values({
      playbook_id: playbook.id,
      spec: JSON.stringify(spec),
      status: spec.approval ? 'pending_approval' : 'scheduled',
      scheduled_time: now,
      created_at: now,
      timeout: String(BigInt(timeoutMs) * 1_000_000n),
      created_by: user ? caller?.id : null,
      config_id: req.config_id ?? null,
      check_id: req.check_id ?? null,
      component_id: req.component_id ?? null,
      parameters: JSON.stringify(sealSecrets(spec, values, box)),
      request: req.request ? JSON.stringify(req.request) : null,
      parent_id: req.parent_id ?? null,
      notification_send_id: req.notification_send_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  wakePlaybookWorkers();
  return { run_id: row.id, starts_at: now.toISOString() };
}

/**
 * A child run joins its parent's run (listed on its page, its actions answered with the
 * parent's): the parent must exist, and whoever starts the child must read the parent run and
 * may run the parent's playbook on the parent's resource. A trigger (webhook, schedule, event,
 * notification) speaks for its own playbook only, so it starts no child run.
 */
async function checkParent(ctx: AppContext, subject: Subject | null, parentId: string): Promise<void> {
  if (!subject) throw badRequest('parent_id: a run started by a trigger cannot be a child run');
  const parent = await ctx.db.kysely
    .selectFrom('playbook_runs')
    .select(['id', 'playbook_id', 'config_id', 'check_id', 'component_id'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent) throw badRequest(`parent_id: playbook run ${parentId} not found`);
  const playbook = await runPlaybook(ctx, parent.playbook_id);
  const pb = playbookObject(playbook);
  requireTarget(subject, 'playbook_runs', 'read', { playbook_id: parent.playbook_id }, 'the parent run', pb);
  const env = await loadTargets(ctx.db.kysely, parent);
  requirePlaybookAction(subject, 'playbook:run', playbook, parent, env, `the parent run's playbook ${playbook.name}`);
}

async function loadRun(ctx: AppContext, id: string) {
  const run = await ctx.db.kysely.selectFrom('playbook_runs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!run) throw notFound(`playbook run ${id} not found`);
  return { ...run, spec: run.spec as PlaybookSpec };
}

/**
 * Records `subject`'s approval: it needs `playbook:approve` on the playbook and must be listed
 * (its email among `approvers.people`, or a member of a team in `approvers.teams`), and must not be
 * who started the run unless `approval.allowSelfApproval` is set. The run is scheduled once the
 * approvals satisfy `any` (one) or `all` (every person and every team).
 */
export async function approveRun(ctx: AppContext, subject: Subject, runId: string): Promise<void> {
  const run = await loadRun(ctx, runId);
  const playbook = await runPlaybook(ctx, run.playbook_id);
  const env = await loadTargets(ctx.db.kysely, run);
  requirePlaybookAction(subject, 'playbook:approve', playbook, run, env, 'this playbook');
  if (run.status !== 'pending_approval') throw badRequest(`the run is ${run.status}, not waiting for approval`);
  const approval = run.spec.approval;
  if (!approval) throw badRequest('the playbook needs no approval');
  const db = ctx.db.kysely;
  const people = (approval.approvers.people ?? []).map((p) => p.toLowerCase());
  const { person, asPerson, teams } = await listedApprover(db, subject.id, approval);
  if (!person || (!asPerson && teams.length === 0)) {
    throw forbid(subject, 'playbooks', 'playbook:approve', 'you are not an approver of this playbook');
  }
  // the gate is a second pair of eyes: the one who asked for the run is not one unless the playbook says so
  if (run.created_by && run.created_by === subject.id && !approval.allowSelfApproval) {
    throw forbid(
      subject,
      'playbooks',
      'playbook:approve',
      'you started this run: another approver must approve it (approval.allowSelfApproval lets a requester approve their own runs)',
    );
  }
  const rows = [
    ...(asPerson ? [{ run_id: run.id, person_id: person.id, team_id: null }] : []),
    ...teams.map((t) => ({ run_id: run.id, person_id: person.id, team_id: t.id })),
  ];
  await db.transaction().execute(async (trx) => {
    for (const r of rows) {
      await trx
        .insertInto('playbook_approvals')
        .values(r)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const given = await trx
      .selectFrom('playbook_approvals')
      .leftJoin('people', 'people.id', 'playbook_approvals.person_id')
      .leftJoin('teams', 'teams.id', 'playbook_approvals.team_id')
      .select(['people.email', 'teams.name as team', 'playbook_approvals.team_id'])
      .where('run_id', '=', run.id)
      .execute();
    const approvedPeople = new Set(given.filter((g) => !g.team_id).map((g) => (g.email ?? '').toLowerCase()));
    const approvedTeams = new Set(given.map((g) => g.team).filter(Boolean));
    const satisfied =
      approval.type === 'all'
        ? people.every((p) => approvedPeople.has(p)) &&
          (approval.approvers.teams ?? []).every((t) => approvedTeams.has(t))
        : given.length > 0;
    if (satisfied) {
      await trx
        .updateTable('playbook_runs')
        .set({ status: 'scheduled', scheduled_time: ctx.clock.now() })
        .where('id', '=', run.id)
        .where('status', '=', 'pending_approval')
        .execute();
    }
  });
  wakePlaybookWorkers();
}

/** Cancels a run that has not finished (400 when it has): its running actions are stopped. */
export async function cancelRun(ctx: AppContext, subject: Subject, runId: string): Promise<void> {
  const run = await loadRun(ctx, runId);
  const playbook = playbookObject(await runPlaybook(ctx, run.playbook_id));
  requireTarget(subject, 'playbook_runs', 'update', { playbook_id: run.playbook_id }, 'this playbook run', playbook);
  if ((FINAL_RUN_STATUSES as readonly string[]).includes(run.status))
    throw badRequest(`the run is already ${run.status}`);
  const now = ctx.clock.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('playbook_runs')
      .set({ status: 'cancelled', end_time: now, error: 'cancelled' })
      .where('id', '=', run.id)
      .where('status', 'not in', [...FINAL_RUN_STATUSES])
      .returning('id')
      .executeTakeFirst();
    if (!done) throw badRequest('the run has already finished');
    await closeActions(trx, [run.id], now, 'the run was cancelled');
    if (run.notification_send_id) {
      await settlePlaybookSend(trx, run.notification_send_id, false, 'the playbook run was cancelled');
    }
  });
  wakePlaybookWorkers();
}
