import type { AppContext } from '../http/context.js';
import { actionContextFor } from './context.js';
import { fireSchedules } from './schedules.js';
import { PlaybookWorker } from './worker.js';

/** Starts this process's playbook worker (runs, actions and schedule triggers). */
export function startPlaybookWorker(
  ctx: AppContext,
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void },
): PlaybookWorker {
  const worker = new PlaybookWorker({
    db: ctx.db,
    clock: ctx.clock,
    actionContext: actionContextFor(ctx),
    extraRound: () => fireSchedules(ctx, log),
    log,
  });
  worker.begin();
  return worker;
}
