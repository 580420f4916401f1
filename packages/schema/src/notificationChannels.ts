import { z } from 'zod';
import { emailSchema } from './emailSchema.js';

/** A part of a channel URL a scheme cannot do without: the user, password, host, path, or a query parameter. */
type UrlPart = 'user' | 'password' | 'host' | 'path' | `query:${string}`;

/** A channel URL scheme (shoutrrr style): who it reaches, an example, and the parts it needs. */
export interface ChannelUrlFormat {
  scheme: string;
  label: string;
  example: string;
  requires: readonly UrlPart[];
}

/** Every channel URL scheme the server delivers to, in the order pickers offer them. */
export const CHANNEL_URL_FORMATS: readonly ChannelUrlFormat[] = [
  { scheme: 'slack', label: 'Slack', example: 'slack://hook:AAA-BBB-CCC@webhook', requires: ['user', 'host'] },
  {
    scheme: 'teams',
    label: 'Microsoft Teams',
    example: 'teams://group@tenant/altId/owner?host=org.webhook.office.com',
    requires: ['user', 'host', 'path', 'query:host'],
  },
  { scheme: 'discord', label: 'Discord', example: 'discord://token@webhookId', requires: ['user', 'host'] },
  {
    scheme: 'smtp',
    label: 'Email (SMTP)',
    example: 'smtp://user:pass@mail.example.com:587/?from=ops@example.com&to=oncall@example.com',
    requires: ['host', 'query:to'],
  },
  {
    scheme: 'generic+https',
    label: 'Webhook (HTTPS)',
    example: 'generic+https://hooks.example.com/opsdeck',
    requires: ['host'],
  },
  {
    scheme: 'generic+http',
    label: 'Webhook (HTTP)',
    example: 'generic+http://hooks.example.com/opsdeck',
    requires: ['host'],
  },
  { scheme: 'generic', label: 'Webhook', example: 'generic://hooks.example.com/opsdeck', requires: ['host'] },
  {
    scheme: 'googlechat',
    label: 'Google Chat',
    example: 'googlechat://chat.googleapis.com/v1/spaces/FOO/messages?key=k&token=t',
    requires: ['host', 'path'],
  },
  {
    scheme: 'mattermost',
    label: 'Mattermost',
    example: 'mattermost://mattermost.example.com/token/channel',
    requires: ['host', 'path'],
  },
  {
    scheme: 'rocketchat',
    label: 'Rocket.Chat',
    example: 'rocketchat://chat.example.com/tokenA/tokenB/channel',
    requires: ['host', 'path'],
  },
  {
    scheme: 'zulip',
    label: 'Zulip',
    example: 'zulip://bot@example.com:botkey@zulip.example.com/?stream=ops',
    requires: ['user', 'password', 'host', 'query:stream'],
  },
  {
    scheme: 'matrix',
    label: 'Matrix',
    example: 'matrix://user:password@matrix.example.com/?rooms=!room:example.com',
    requires: ['password', 'host', 'query:rooms'],
  },
  {
    scheme: 'telegram',
    label: 'Telegram',
    example: 'telegram://token@telegram?chats=@channel',
    requires: ['user', 'query:chats'],
  },
  { scheme: 'ntfy', label: 'ntfy', example: 'ntfy://ntfy.sh/topic', requires: ['path'] },
  { scheme: 'opsgenie', label: 'OpsGenie', example: 'opsgenie://api.opsgenie.com/apiKey', requires: ['path'] },
  {
    scheme: 'pushover',
    label: 'Pushover',
    example: 'pushover://shoutrrr:apiToken@userKey',
    requires: ['password', 'host'],
  },
  { scheme: 'pushbullet', label: 'Pushbullet', example: 'pushbullet://token', requires: ['host'] },
  { scheme: 'ifttt', label: 'IFTTT', example: 'ifttt://key/?events=event1', requires: ['host', 'query:events'] },
];

/** What a stored channel URL reads as once masked: its scheme only (the server keeps the rest on save). */
export const MASKED_CHANNEL_URL = /^[a-z][a-z0-9+.-]*:\/\/\*{8}$/;

const PART_NAMES: Record<string, string> = {
  user: 'a user (token) before @',
  password: 'a password after user:',
  host: 'a host',
  path: 'a path',
};

/**
 * Why `url` cannot be a channel URL (unknown scheme, or a part its scheme needs is missing), or
 * undefined when it can. A masked stored URL (`slack://********`) is accepted: it stands for the stored one.
 */
export function channelUrlProblem(url: string): string | undefined {
  const text = url.trim();
  if (!text) return 'enter a channel URL';
  if (MASKED_CHANNEL_URL.test(text)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return 'must be a channel URL such as slack://hook:AAA-BBB-CCC@webhook';
  }
  const scheme = parsed.protocol.replace(/:$/, '');
  const format = CHANNEL_URL_FORMATS.find((f) => f.scheme === scheme);
  if (!format)
    return `unknown channel scheme "${scheme}" (one of ${CHANNEL_URL_FORMATS.map((f) => f.scheme).join(', ')})`;
  for (const part of format.requires) {
    const present = part.startsWith('query:')
      ? !!parsed.searchParams.get(part.slice(6))
      : part === 'user'
        ? !!parsed.username
        : part === 'password'
          ? !!parsed.password
          : part === 'host'
            ? !!parsed.hostname
            : parsed.pathname.replace(/\//g, '') !== '';
    if (!present) {
      const name = part.startsWith('query:') ? `?${part.slice(6)}=` : PART_NAMES[part];
      return `${format.label} URLs need ${name}, e.g. ${format.example}`;
    }
  }
  return undefined;
}

const CONNECTION_REF = /^connection:\/\/([a-z0-9]([-a-z0-9_.]*[a-z0-9])?\/)?[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/;

/**
 * One entry of a rule's `custom_services` (and `fallback_custom_services`): exactly one of a
 * connection (`connection://namespace/name`), a channel URL or an email address, with optional
 * per-recipient properties (a Slack channel, an ntfy priority).
 */
export const customServiceSchema = z
  .object({
    connection: z.string().regex(CONNECTION_REF, 'must look like connection://namespace/name').optional(),
    url: z
      .string()
      .superRefine((v, ctx) => {
        const problem = channelUrlProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    email: emailSchema().optional(),
    properties: z.record(z.string(), z.string()).optional(),
  })
  .strict()
  .refine((s) => [s.connection, s.url, s.email].filter((v) => v !== undefined).length === 1, {
    message: 'name one of connection, url or email',
  });
export type CustomService = z.infer<typeof customServiceSchema>;

/** A rule's channels: the `custom_services` column. */
export const customServicesSchema = z.array(customServiceSchema).max(50);
