import { z } from 'zod';
import { request } from './http.js';
import { markdownToSlack } from './markdown.js';
import { ChannelError, defineChannel } from './types.js';

const target = z.union([
  z.object({
    mode: z.literal('api'),
    token: z.string().min(1, 'a bot token (xoxb-...) is required'),
    channel: z.string().min(1, 'a channel (name or id) is required'),
    /** Slack Web API base; a Slack-compatible proxy may replace it. */
    apiUrl: z.url().default('https://slack.com/api'),
    username: z.string().optional(),
    iconEmoji: z.string().optional(),
  }),
  z.object({ mode: z.literal('webhook'), webhookUrl: z.url() }),
]);

/** Slack: chat.postMessage with a bot token, or an incoming webhook URL. */
export const slack = defineChannel({
  type: 'slack',
  schemes: ['slack'],
  target,
  fromUrl(url) {
    // slack://hook:AAA-BBB-CCC@webhook  or  slack://xoxb:123-456-abc@C0123CHANNEL
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    if (user === 'hook') {
      return { mode: 'webhook', webhookUrl: `https://hooks.slack.com/services/${pass.split('-').join('/')}` };
    }
    return {
      mode: 'api',
      token: pass ? `${user}-${pass}` : user,
      channel: url.hostname,
      username: url.searchParams.get('botname') ?? undefined,
      iconEmoji: url.searchParams.get('icon') ?? undefined,
    };
  },
  fromConnection(c) {
    if (c.url && /\/services\//.test(c.url)) return { mode: 'webhook', webhookUrl: c.url };
    return {
      mode: 'api',
      token: c.password,
      channel: c.properties.channel,
      apiUrl: c.url || undefined,
      username: c.properties.username ?? c.username,
      iconEmoji: c.properties.icon,
    };
  },
  async send(t, msg, ctx) {
    const text = markdownToSlack(msg.body);
    const blocks = [
      { type: 'header', text: { type: 'plain_text', text: msg.title.slice(0, 150), emoji: true } },
      ...(text.trim() ? [{ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } }] : []),
    ];
    if (t.mode === 'webhook') {
      await request('Slack', t.webhookUrl, { json: { text: msg.title, blocks } }, ctx);
      return;
    }
    const channel = msg.properties.channel ?? t.channel;
    const res = (await request(
      'Slack',
      `${t.apiUrl.replace(/\/+$/, '')}/chat.postMessage`,
      {
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json; charset=utf-8' },
        json: { channel, text: msg.title, blocks, username: t.username, icon_emoji: t.iconEmoji },
      },
      ctx,
    )) as { ok?: boolean; error?: string } | undefined;
    // the Web API answers 200 with ok:false for refusals (channel_not_found, invalid_auth, ...)
    if (!res?.ok) throw new ChannelError(`Slack refused the message: ${res?.error ?? 'no ok in the answer'}`);
  },
});
