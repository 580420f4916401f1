import type { PlaybookSpec } from '@opsdeck/schema';
import type { Executor } from '../events/queue.js';
import './tables.js';

/**
 * Where an action runs (`runsOn` on the action, else on the playbook): the first name that is
 * `local` (this OpsDeck: null) or a live agent's (its id). An action naming only agents that do
 * not exist fails its run with the names, rather than waiting forever.
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
    .select(['id', 'name'])
    .where('name', 'in', names)
    .where('deleted_at', 'is', null)
    .execute();
  for (const name of names) {
    if (name === 'local') return null;
    const agent = agents.find((a) => a.name === name);
    if (agent) return agent.id;
  }
  throw new Error(`runsOn: no agent named ${names.join(' or ')} (Settings › Agents)`);
}
