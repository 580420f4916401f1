import { type ChannelUrl, type PlannedConnection, slackHookUrl } from '../plan.js';

type Provider = Record<string, unknown>;
type Mapped = Omit<PlannedConnection, 'name' | 'namespace'> & { note?: string };

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;

function props(entries: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(entries)) {
    const s = Array.isArray(v) ? v.map(String).join(',') : str(v);
    if (s) out[k] = s;
  }
  return out;
}

function splitHook(url: string | undefined): { base?: string; token?: string } {
  const m = url ? /^(.*)\/hooks\/([^/?#]+)\/?$/.exec(url) : null;
  return m ? { base: m[1], token: m[2] } : { base: url };
}

/** Gatus alerting providers OpsDeck has a channel for, from the keys of Gatus's `alerting.<type>`. */
const MAPPERS: Record<string, (p: Provider) => Mapped | ChannelUrl | { skip: string }> = {
  slack: (p) => {
    const url = slackHookUrl(str(p['webhook-url']));
    return url ? { channelUrl: url } : { skip: 'its webhook-url is not a Slack incoming webhook' };
  },
  discord: (p) => ({ type: 'discord', url: str(p['webhook-url']) }),
  teams: (p) => ({ type: 'teams', url: str(p['webhook-url']) }),
  'teams-workflows': (p) => ({ type: 'teams', url: str(p['webhook-url']) }),
  googlechat: (p) => ({ type: 'google_chat', url: str(p['webhook-url']) }),
  telegram: (p) => ({ type: 'telegram', password: str(p.token), properties: props({ chats: p.id }) }),
  email: (p) => ({
    type: 'email',
    username: str(p.username) ?? str(p.from),
    password: str(p.password),
    properties: props({ host: p.host, port: p.port, from: p.from, to: p.to }),
  }),
  custom: (p) => ({
    type: 'generic_webhook',
    url: str(p.url),
    properties: props({
      method: str(p.method) ?? 'GET',
      headers: p.headers && typeof p.headers === 'object' ? JSON.stringify(p.headers) : undefined,
    }),
    ...(p.body
      ? { note: 'its body template uses Gatus placeholders ([ALERT_DESCRIPTION]...); OpsDeck sends its own JSON' }
      : {}),
  }),
  ntfy: (p) => ({
    type: 'ntfy',
    url: str(p.url) ?? 'https://ntfy.sh',
    password: str(p.token),
    properties: props({ topic: p.topic, priority: p.priority }),
  }),
  pushover: (p) => ({
    type: 'pushover',
    username: str(p['user-key']),
    password: str(p['application-token']),
    properties: props({ priority: p.priority }),
  }),
  mattermost: (p) => {
    const hook = splitHook(str(p['webhook-url']));
    return { type: 'mattermost', url: hook.base, password: hook.token, properties: props({ channel: p.channel }) };
  },
  matrix: (p) => ({
    type: 'matrix',
    url: str(p['server-url']) ?? 'https://matrix-client.matrix.org',
    password: str(p['access-token']),
    properties: props({ rooms: p['internal-room-id'] }),
  }),
  opsgenie: (p) => ({
    type: 'opsgenie',
    password: str(p['api-key']),
    url: 'https://api.opsgenie.com',
    properties: props({ priority: p.priority }),
  }),
};

/** The connection for a Gatus alerting provider, or why it cannot be carried over. */
export function gatusChannel(type: string, provider: Provider): Mapped | ChannelUrl | { skip: string } {
  const map = Object.hasOwn(MAPPERS, type) ? MAPPERS[type] : undefined;
  if (!map) return { skip: `Gatus's ${type} alerting has no OpsDeck channel` };
  const mapped = map(provider);
  if (provider.overrides && !('skip' in mapped)) mapped.note = 'its per-group overrides are not carried over';
  return mapped;
}
