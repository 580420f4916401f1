import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/types.js';
import { type ConsumerLog, EventConsumer, type EventHandler } from '../events/consumer.js';
import type { Backoff } from '../events/queue.js';
import type { SystemSmtp } from './deliver.js';
import { dispatchHandler } from './dispatch.js';
import { lookupResource, lookupResources, perEvent, type ResourceLookup } from './resources.js';
import { sendHandler } from './send.js';
import './tables.js';

export interface NotificationWorkerOptions {
  lookup?: ResourceLookup;
  resolveConnection(ref: string): Promise<import('../integrations/connection.js').ResolvedConnection>;
  systemSmtp?: SystemSmtp | undefined;
  publicUrl?: string | undefined;
  timeoutMs?: number;
  backoff?: Backoff;
  /** Events claimed per round (each stage handles its share as one batch); default 250. */
  batchSize?: number;
  /** Deliveries at once per channel within a batch; default 16. */
  channelConcurrency?: number;
  /** Runs playbook recipients (the server wires the playbook engine in). */
  runPlaybook?: import('./send.js').PlaybookRecipientRunner;
}

/** The two notification stages: domain events into history rows and queued sends, then delivery. */
export function notificationHandlers(opts: NotificationWorkerOptions): EventHandler[] {
  const lookup = opts.lookup ?? lookupResource;
  return [
    dispatchHandler({ lookup: opts.lookup ? perEvent(opts.lookup) : lookupResources, publicUrl: opts.publicUrl }),
    sendHandler({
      lookup,
      publicUrl: opts.publicUrl,
      resolveConnection: opts.resolveConnection,
      systemSmtp: opts.systemSmtp,
      timeoutMs: opts.timeoutMs,
      maxAttempts: opts.backoff?.maxAttempts,
      channelConcurrency: opts.channelConcurrency,
      runPlaybook: opts.runPlaybook,
    }),
  ];
}

/** The event consumer of a worker process: notifications now, other domains' consumers as they arrive. */
export function createEventConsumer(
  db: Kysely<Database>,
  clock: Clock,
  opts: NotificationWorkerOptions,
  log?: ConsumerLog,
): EventConsumer {
  const handlers = notificationHandlers(opts);
  return new EventConsumer({ db, clock, handlers, backoff: opts.backoff, batchSize: opts.batchSize ?? 250, log });
}
