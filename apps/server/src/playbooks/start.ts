import type { AppContext } from '../context.js';
import { EventConsumer } from '../events/consumer.js';
import { actionContextFor } from './context.js';
import { playbookEventHandler } from './events.js';
import { fireSchedules } from './schedules.js';
import { PlaybookWorker } from './worker.js';

/** Starts this process's playbook worker (runs, actions, schedule triggers) and event trigger consumer. */
export function startPlaybookWorker(
  ctx: AppContext,
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void },
): { worker: PlaybookWorker; stop(): Promise<void> } {
  const worker = new PlaybookWorker({
    db: ctx.db,
    clock: ctx.clock,
    actionContext: actionContextFor(ctx),
    extraRound: () => fireSchedules(ctx, log),
    log,
  });
  worker.begin();
  const events = new EventConsumer({
    db: ctx.db.kysely,
    clock: ctx.clock,
    handlers: [playbookEventHandler(ctx, log)],
    log,
  });
  events.start();
  return {
    worker,
    async stop() {
      await events.stop();
      await worker.stop();
    },
  };
}
