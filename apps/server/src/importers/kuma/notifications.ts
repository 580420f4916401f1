import { type ChannelUrl, type PlannedConnection, slackHookUrl } from '../plan.js';

/** A Kuma notification's `config` (its form, stored as JSON text in the backup). */
export type KumaNotificationConfig = Record<string, unknown>;

type Mapped = Omit<PlannedConnection, 'name' | 'namespace'> & { note?: string };

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;

function props(entries: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(entries)) {
    const s = str(v);
    if (s !== undefined) out[k] = s;
  }
  return out;
}

/** "https://chat.example.com/hooks/abc" -> server and hook token. */
function splitHook(url: string | undefined): { base?: string; token?: string } {
  const m = url ? /^(.*)\/hooks\/([^/?#]+)\/?$/.exec(url) : null;
  return m ? { base: m[1], token: m[2] } : { base: url };
}

/**
 * Kuma notification types OpsDeck has a channel for, each mapped from the field names of Kuma's
 * notification forms onto a connection of OpsDeck's channel (channels/*.ts `fromConnection`).
 */
const MAPPERS: Record<string, (c: KumaNotificationConfig) => Mapped | ChannelUrl | { skip: string }> = {
  slack: (c) => {
    const url = slackHookUrl(str(c.slackwebhookURL));
    return url ? { channelUrl: url } : { skip: 'its webhook URL is not a Slack incoming webhook' };
  },
  discord: (c) => ({
    type: 'discord',
    url: str(c.discordWebhookUrl),
    properties: props({ username: c.discordUsername }),
  }),
  teams: (c) => ({ type: 'teams', url: str(c.webhookUrl) }),
  GoogleChat: (c) => ({ type: 'google_chat', url: str(c.googleChatWebhookURL) }),
  telegram: (c) => ({
    type: 'telegram',
    password: str(c.telegramBotToken),
    properties: props({ chats: c.telegramChatID }),
  }),
  smtp: (c) => ({
    type: 'email',
    username: str(c.smtpUsername),
    password: str(c.smtpPassword),
    properties: props({
      host: c.smtpHost,
      port: c.smtpPort,
      encryption: c.smtpSecure === true || c.smtpSecure === 'true' ? 'ImplicitTLS' : 'Auto',
      from: c.smtpFrom,
      to: [c.smtpTo, c.smtpCC, c.smtpBCC].map(str).filter(Boolean).join(','),
    }),
    ...(c.smtpCC || c.smtpBCC ? { note: 'CC and BCC recipients are sent to as ordinary recipients' } : {}),
  }),
  webhook: (c) => {
    const headers = str(c.webhookAdditionalHeaders);
    const custom = c.webhookContentType === 'custom' || c.webhookContentType === 'form-data';
    return {
      type: 'generic_webhook',
      url: str(c.webhookURL),
      properties: props({ method: 'POST', headers }),
      ...(custom ? { note: `sent as OpsDeck's JSON instead of Kuma's ${String(c.webhookContentType)} body` } : {}),
    };
  },
  ntfy: (c) => ({
    type: 'ntfy',
    url: str(c.ntfyserverurl),
    username: str(c.ntfyusername),
    password: str(c.ntfypassword) ?? str(c.ntfyaccesstoken),
    properties: props({ topic: c.ntfytopic, priority: c.ntfyPriority }),
  }),
  pushover: (c) => ({
    type: 'pushover',
    username: str(c.pushoveruserkey),
    password: str(c.pushoverapptoken),
    properties: props({ devices: c.pushoverdevice, priority: c.pushoverpriority }),
  }),
  mattermost: (c) => {
    const hook = splitHook(str(c.mattermostWebhookUrl));
    return {
      type: 'mattermost',
      url: hook.base,
      password: hook.token,
      username: str(c.mattermostusername),
      properties: props({ channel: c.mattermostchannel }),
    };
  },
  'rocket.chat': (c) => ({
    type: 'rocketchat',
    url: str(c.rocketwebhookURL),
    username: str(c.rocketusername),
    properties: props({ channel: c.rocketchannel }),
  }),
  matrix: (c) => ({
    type: 'matrix',
    url: str(c.homeserverUrl),
    password: str(c.accessToken),
    properties: props({ rooms: c.internalRoomId }),
  }),
  pushbullet: (c) => ({ type: 'pushbullet', password: str(c.pushbulletAccessToken) }),
  Opsgenie: (c) => ({
    type: 'opsgenie',
    password: str(c.opsgenieApiKey),
    url: c.opsgenieRegion === 'eu' ? 'https://api.eu.opsgenie.com' : 'https://api.opsgenie.com',
    properties: props({
      priority: c.opsgeniePriority ? `P${String(c.opsgeniePriority).replace(/^P/i, '')}` : undefined,
    }),
  }),
};

/** The connection for a Kuma notification, or why it cannot be carried over. */
export function kumaChannel(config: KumaNotificationConfig): Mapped | ChannelUrl | { skip: string } {
  const type = str(config.type) ?? '';
  const map = Object.hasOwn(MAPPERS, type) ? MAPPERS[type] : undefined;
  if (!map) return { skip: `Kuma's "${type || 'untyped'}" notifications have no OpsDeck channel` };
  return map(config);
}
