import pg from 'pg';
import type { Db } from '../db/connection.js';
import { parseNotification } from './events.js';
import type { LiveHub } from './hub.js';

export const LIVE_CHANNEL = 'opsdeck_live';
export const ACCESS_CHANNEL = 'opsdeck_access';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Feeds a hub from the database's notifications. On PostgreSQL one dedicated connection LISTENs
 * (so every process sees what any process changed); when it is lost it reconnects and tells the
 * streams to reset, since events may have passed meanwhile. PGlite delivers its NOTIFYs to the
 * process itself. Returns the function that stops listening.
 */
export async function listenForLive(db: Db, hub: LiveHub, log?: Log): Promise<() => Promise<void>> {
  const onNotify = (channel: string, payload: string | undefined) => {
    if (channel === ACCESS_CHANNEL) return hub.accessChanged();
    const event = parseNotification(payload);
    if (event) hub.dispatch(event);
  };
  if (db.pglite) {
    const pglite = db.pglite;
    const offLive = await pglite.listen(LIVE_CHANNEL, (p) => onNotify(LIVE_CHANNEL, p));
    const offAccess = await pglite.listen(ACCESS_CHANNEL, () => onNotify(ACCESS_CHANNEL, undefined));
    return async () => {
      await offLive().catch(() => {});
      await offAccess().catch(() => {});
    };
  }
  return listenPostgres(db, onNotify, hub, log);
}

async function listenPostgres(
  db: Db,
  onNotify: (channel: string, payload: string | undefined) => void,
  hub: LiveHub,
  log?: Log,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: db.pool.options.connectionString });
    c.on('notification', (msg) => onNotify(msg.channel, msg.payload));
    c.on('error', (err) => {
      log?.warn({ err: err.message }, 'live updates: lost the LISTEN connection; reconnecting');
      void c.end().catch(() => {});
      if (client === c) client = undefined;
      schedule();
    });
    c.on('end', () => {
      // the server closed the connection without an error (restart, idle kill)
      if (client === c) {
        client = undefined;
        schedule();
      }
    });
    await c.connect();
    await c.query(`listen ${LIVE_CHANNEL}; listen ${ACCESS_CHANNEL}`);
    if (stopped) {
      await c.end();
      return;
    }
    client = c;
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => hub.reset(), // what passed while we were away is unknown
        () => schedule(),
      );
    }, 1000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
    client = undefined;
  };
}
