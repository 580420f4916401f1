import type { z } from 'zod';

/**
 * The contract of every channel in `notifications/channels/<type>.ts`: a zod schema of its target
 * settings, how a shoutrrr-style URL and a stored connection map onto them, and `send`.
 */

/** A stored connection, secrets opened, as a channel reads it. */
export interface NotificationConnection {
  id?: string;
  name: string;
  namespace: string;
  type: string;
  url?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  properties: Record<string, string>;
}

/** What to deliver. `body` is markdown; channels convert it to what their service renders. */
export interface ChannelMessage {
  title: string;
  body: string;
  /** Per-recipient properties from the rule (`to.properties`), e.g. a Slack channel or ntfy priority. */
  properties: Record<string, string>;
  /** The event that caused it, e.g. check.failed. */
  event: string;
  /** The template variables the title and body were rendered with (for webhook JSON templates). */
  env: Record<string, unknown>;
}

export interface SendContext {
  /** Aborts the delivery when its timeout passes or the server shuts down. */
  signal: AbortSignal;
  timeoutMs: number;
}

/** A delivery the service refused or that never arrived; the message goes into the send history. */
export class ChannelError extends Error {
  constructor(
    message: string,
    /** HTTP status of the refusal, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

export interface Channel<Target = unknown> {
  /** The connection type, e.g. `slack`, `zulip_chat`, `generic_webhook`. */
  type: string;
  /** URL schemes of `to.url`, e.g. `slack`. */
  schemes: readonly string[];
  /** The settings a send needs; validated before every send. */
  target: z.ZodType<Target>;
  /** Maps a channel URL onto target settings (validated by `target`). */
  fromUrl(url: URL): unknown;
  /** Maps a stored connection (with the rule's properties merged in) onto target settings. */
  fromConnection(connection: NotificationConnection): unknown;
  send(target: Target, message: ChannelMessage, ctx: SendContext): Promise<void>;
}

/** Declares a channel with its target type inferred from the schema. */
export function defineChannel<S extends z.ZodType>(channel: Channel<z.infer<S>> & { target: S }): Channel<z.infer<S>> {
  return channel;
}
