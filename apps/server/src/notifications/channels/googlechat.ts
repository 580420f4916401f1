import { z } from 'zod';
import { request } from './http.js';
import { defineChannel } from './types.js';

/** Google Chat: a space's incoming webhook (`.../v1/spaces/<space>/messages?key=...&token=...`). */
export const googlechat = defineChannel({
  type: 'google_chat',
  schemes: ['googlechat'],
  target: z.object({ webhookUrl: z.url('a Google Chat webhook URL is required') }),
  fromUrl(url) {
    // googlechat://chat.googleapis.com/v1/spaces/FOO/messages?key=bar&token=baz
    return { webhookUrl: `https://${url.host}${url.pathname}${url.search}` };
  },
  fromConnection(c) {
    return { webhookUrl: c.url };
  },
  async send(t, msg, ctx) {
    const body = msg.body.replace(/\*\*([^*]+)\*\*/g, '*$1*').replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<$2|$1>');
    await request(
      'Google Chat',
      t.webhookUrl,
      {
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        json: { text: `*${msg.title}*\n${body}`.trim() },
      },
      ctx,
    );
  },
});
