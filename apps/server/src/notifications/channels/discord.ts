import { z } from 'zod';
import { request } from './http.js';
import { defineChannel } from './types.js';

const COLORS: Record<string, number> = { failed: 0xe03e3e, unhealthy: 0xe03e3e, passed: 0x2eb67d, healthy: 0x2eb67d };

/** Discord: a channel webhook, the message as an embed. */
export const discord = defineChannel({
  type: 'discord',
  schemes: ['discord'],
  target: z.object({
    webhookUrl: z.url('a Discord webhook URL (or id and token) is required'),
    username: z.string().optional(),
  }),
  fromUrl(url) {
    // discord://token@webhookId
    return { webhookUrl: `https://discord.com/api/webhooks/${url.hostname}/${decodeURIComponent(url.username)}` };
  },
  fromConnection(c) {
    const webhookUrl =
      c.url || (c.username && c.password ? `https://discord.com/api/webhooks/${c.username}/${c.password}` : '');
    return { webhookUrl, username: c.properties.username };
  },
  async send(t, msg, ctx) {
    const kind = msg.event.split('.').pop() ?? '';
    const url = new URL(t.webhookUrl);
    url.searchParams.set('wait', 'true'); // answer with the message, so a refusal is never silent
    await request(
      'Discord',
      url.toString(),
      {
        json: {
          username: msg.properties.username ?? t.username,
          embeds: [
            { title: msg.title.slice(0, 256), description: msg.body.slice(0, 4096), color: COLORS[kind] ?? 0x5865f2 },
          ],
        },
      },
      ctx,
    );
  },
});
