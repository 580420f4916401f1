import type { Config } from '../config.js';
import { connectionSecretBox } from '../connections/secrets.js';
import { ConnectionResolver } from '../connections/store.js';
import type { Db } from '../db/connection.js';
import type { NotificationWorkerOptions } from './worker.js';

/** Worker settings taken from the server config (identity's SMTP and public URL when configured). */
export function notificationOptionsFromConfig(db: Db, config: Config): NotificationWorkerOptions {
  const identity = (config as { identity?: { smtpUrl?: string; smtpFrom?: string; publicUrl?: string } }).identity;
  const resolver = new ConnectionResolver(db, connectionSecretBox(config));
  return {
    resolveConnection: (ref) => resolver.resolve(ref),
    systemSmtp: identity?.smtpUrl
      ? { url: identity.smtpUrl, from: identity.smtpFrom ?? 'OpsDeck <no-reply@localhost>' }
      : undefined,
    publicUrl: identity?.publicUrl,
  };
}
