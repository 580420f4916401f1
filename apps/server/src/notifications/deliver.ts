import type { Executor } from '../events/queue.js';
import type { ResolvedConnection } from '../integrations/connection.js';
import { email } from './channels/email.js';
import { channelForScheme, channelForType } from './channels/registry.js';
import { type Channel, ChannelError, type ChannelMessage, type SendContext } from './channels/types.js';
import { emailsOf, type RecipientRef } from './recipients.js';
import type { CustomService } from './rules.js';

/** The system SMTP server for person, team and plain email recipients (`smtp://user:pass@host:port`). */
export interface SystemSmtp {
  url: string;
  from: string;
}

export interface DeliverDeps {
  resolveConnection(ref: string): Promise<ResolvedConnection>;
  systemSmtp?: SystemSmtp | undefined;
}

function validate(channel: Channel, raw: unknown, where: string): unknown {
  const parsed = channel.target.safeParse(raw);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join('.') || channel.type}: ${i.message}`).join('; ');
    throw new ChannelError(`${where} is not usable as ${channel.type}: ${why}`);
  }
  return parsed.data;
}

function smtpTarget(deps: DeliverDeps, to: string[]): unknown {
  if (!deps.systemSmtp) {
    throw new ChannelError('no SMTP server is configured for person, team and email recipients (set SMTP_URL)');
  }
  const raw = email.fromUrl(new URL(deps.systemSmtp.url)) as Record<string, unknown>;
  return validate(email, { ...raw, from: deps.systemSmtp.from.replace(/^.*<([^>]+)>.*$/, '$1'), to }, 'SMTP_URL');
}

/** Finds the channel and validated target of one recipient, then sends `message` to it. */
export async function deliver(
  db: Executor,
  deps: DeliverDeps,
  ref: RecipientRef,
  services: CustomService[],
  message: ChannelMessage,
  ctx: SendContext,
): Promise<void> {
  if (ref.kind === 'person' || ref.kind === 'team') {
    const to = await emailsOf(db, ref);
    if (to.length === 0) throw new ChannelError(`${ref.kind} ${ref.id} has no email address to notify`);
    return email.send(smtpTarget(deps, to) as never, message, ctx);
  }
  if (ref.kind === 'playbook') throw new ChannelError('a playbook recipient runs its playbook; it is not delivered');
  const service = services[ref.index];
  if (!service) throw new ChannelError('the recipient was removed from the rule');
  const msg = { ...message, properties: { ...(service.properties ?? {}), ...message.properties } };
  if (service.email) return email.send(smtpTarget(deps, [service.email]) as never, msg, ctx);
  if (service.connection) {
    let conn: ResolvedConnection;
    try {
      conn = await deps.resolveConnection(service.connection);
    } catch (err) {
      throw new ChannelError((err as Error).message);
    }
    const channel = channelForType(conn.type);
    if (!channel)
      throw new ChannelError(
        `connection ${service.connection} is a ${conn.type} connection, not a notification channel`,
      );
    const raw = channel.fromConnection({ ...conn, properties: { ...conn.properties, ...(service.properties ?? {}) } });
    return channel.send(validate(channel, raw, service.connection) as never, msg, ctx);
  }
  if (service.url) {
    let url: URL;
    try {
      url = new URL(service.url);
    } catch {
      throw new ChannelError('the channel URL is not a valid URL');
    }
    const channel = channelForScheme(url.protocol.replace(/:$/, ''));
    if (!channel) throw new ChannelError(`no channel handles ${url.protocol}// URLs`);
    return channel.send(validate(channel, channel.fromUrl(url), `${url.protocol}// URL`) as never, msg, ctx);
  }
  throw new ChannelError('the recipient names no channel');
}
