import { z } from 'zod';
import { joinUrl, list, request } from './http.js';
import { escapeHtml } from './markdown.js';
import { ChannelError, defineChannel } from './types.js';

/** Telegram: the Bot API's sendMessage to each chat (ids or @channel names). */
export const telegram = defineChannel({
  type: 'telegram',
  schemes: ['telegram'],
  target: z.object({
    token: z.string().regex(/^\d+:[\w-]+$/, 'a bot token looks like 123456:ABC-def'),
    chats: z.array(z.string().min(1)).min(1, 'name at least one chat'),
    /** Bot API base; a self-hosted Bot API server may replace it. */
    apiUrl: z.url().default('https://api.telegram.org'),
  }),
  fromUrl(url) {
    // telegram://token@telegram?chats=@channel,12345
    return {
      token: `${decodeURIComponent(url.username)}${url.password ? `:${decodeURIComponent(url.password)}` : ''}`,
      chats: list(url.searchParams.get('chats') ?? url.searchParams.get('channels')),
    };
  },
  fromConnection(c) {
    return { token: c.password, chats: list(c.properties.chats ?? c.properties.channel), apiUrl: c.url || undefined };
  },
  async send(t, msg, ctx) {
    const text = `<b>${escapeHtml(msg.title)}</b>${msg.body.trim() ? `\n\n${escapeHtml(msg.body)}` : ''}`;
    const chats = msg.properties.chats ? list(msg.properties.chats) : t.chats;
    for (const chat of chats) {
      const res = (await request(
        'Telegram',
        joinUrl(t.apiUrl, `bot${t.token}/sendMessage`),
        { json: { chat_id: chat, text: text.slice(0, 4096), parse_mode: 'HTML', disable_web_page_preview: true } },
        ctx,
      )) as { ok?: boolean; description?: string } | undefined;
      if (!res?.ok)
        throw new ChannelError(`Telegram refused the message: ${res?.description ?? 'no ok in the answer'}`);
    }
  },
});
