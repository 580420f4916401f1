import { z } from 'zod';
import { joinUrl, request } from './http.js';
import { defineChannel } from './types.js';

/** Mattermost: an incoming webhook `<server>/hooks/<token>`. */
export const mattermost = defineChannel({
  type: 'mattermost',
  schemes: ['mattermost'],
  target: z.object({
    url: z.url('the Mattermost server URL is required'),
    token: z.string().min(1, 'the webhook token is required'),
    channel: z.string().optional(),
    username: z.string().optional(),
    iconUrl: z.string().optional(),
  }),
  fromUrl(url) {
    // mattermost://[username@]host[:port][/path]/token[/channel]
    const parts = url.pathname.split('/').filter(Boolean);
    const token = parts.length >= 2 ? parts[parts.length - 2] : parts[0];
    const channel = parts.length >= 2 ? parts[parts.length - 1] : undefined;
    const tls = url.searchParams.get('disabletls') !== 'yes';
    return {
      url: `${tls ? 'https' : 'http'}://${url.host}`,
      token,
      channel,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      iconUrl: url.searchParams.get('icon') ?? undefined,
    };
  },
  fromConnection(c) {
    return {
      url: c.url,
      token: c.password,
      channel: c.properties.channel,
      username: c.username,
      iconUrl: c.properties.icon,
    };
  },
  async send(t, msg, ctx) {
    await request(
      'Mattermost',
      joinUrl(t.url, `hooks/${encodeURIComponent(t.token)}`),
      {
        json: {
          text: `#### ${msg.title}\n\n${msg.body}`.trim(),
          channel: msg.properties.channel ?? t.channel,
          username: t.username,
          icon_url: t.iconUrl,
        },
      },
      ctx,
    );
  },
});
