import { z } from 'zod';
import { joinUrl, request } from './http.js';
import { ChannelError, defineChannel } from './types.js';

/** Rocket.Chat: an incoming webhook integration `<server>/hooks/<tokenA>/<tokenB>`. */
export const rocketchat = defineChannel({
  type: 'rocketchat',
  schemes: ['rocketchat'],
  target: z.object({
    url: z.url('the Rocket.Chat server URL is required'),
    tokenA: z.string().min(1, 'the webhook token is required'),
    tokenB: z.string().min(1, 'the webhook token is required'),
    channel: z.string().optional(),
    username: z.string().optional(),
  }),
  fromUrl(url) {
    // rocketchat://[username@]host[:port]/tokenA/tokenB[/channel]
    const [tokenA, tokenB, channel] = url.pathname.split('/').filter(Boolean);
    return {
      url: `https://${url.host}`,
      tokenA,
      tokenB,
      channel: channel ? decodeURIComponent(channel) : undefined,
      username: url.username ? decodeURIComponent(url.username) : undefined,
    };
  },
  fromConnection(c) {
    // the integration URL itself ("<server>/hooks/<a>/<b>"), or server plus the two tokens
    const m = c.url ? /^(.*)\/hooks\/([^/]+)\/([^/]+)\/?$/.exec(c.url) : null;
    if (m) return { url: m[1], tokenA: m[2], tokenB: m[3], channel: c.properties.channel, username: c.username };
    return { url: c.url, tokenA: c.username, tokenB: c.password, channel: c.properties.channel };
  },
  async send(t, msg, ctx) {
    const res = (await request(
      'Rocket.Chat',
      joinUrl(t.url, `hooks/${encodeURIComponent(t.tokenA)}/${encodeURIComponent(t.tokenB)}`),
      {
        json: {
          text: `*${msg.title}*\n${msg.body}`.trim(),
          channel: msg.properties.channel ?? t.channel,
          alias: t.username,
        },
      },
      ctx,
    )) as { success?: boolean; error?: string } | undefined;
    if (res && res.success === false)
      throw new ChannelError(`Rocket.Chat refused the message: ${res.error ?? 'unknown'}`);
  },
});
