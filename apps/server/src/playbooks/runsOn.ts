import type { PlaybookSpec } from '@opsdeck/schema';
import type { Executor } from '../events/queue.js';
import './tables.js';

/**
 * Where an action runs (`runsOn` on the action, else on the playbook): the first name that is
 * `local` (this OpsDeck: null) or a live agent's that an admin registered (its id). The action
 * is handed over rendered, secrets included, so an agent registered by anyone else is never a
 * target. An action naming no such agent fails its run saying why, rather than waiting forever.
 */
export async function actionAgent(
  db: Executor,
  spec: PlaybookSpec,
  action: PlaybookSpec['actions'][number],
): Promise<string | null> {
  const names = action.runsOn?.length ? action.runsOn : (spec.runsOn ?? []);
  if (!names.length) return null;
  const agents = await db
    .selectFrom('agents')
    .select(['id', 'name', 'admin_registered'])
    .where('name', 'in', names)
    .where('deleted_at', 'is', null)
    .execute();
  for (const name of names) {
    if (name === 'local') return null;
    const agent = agents.find((a) => a.name === name);
    if (agent?.admin_registered) return agent.id;
  }
  const unconfirmed = agents.filter((a) => !a.admin_registered).map((a) => a.name);
  if (unconfirmed.length) {
    throw new Error(
      `runsOn: agent ${unconfirmed.join(' and ')} was not registered by an admin, so it receives no actions (an admin confirms it in Settings › Agents)`,
    );
  }
  throw new Error(`runsOn: no agent named ${names.join(' or ')} (Settings › Agents)`);
}
