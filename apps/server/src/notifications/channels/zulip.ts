import { z } from 'zod';
import { joinUrl, request } from './http.js';
import { ChannelError, defineChannel } from './types.js';

/** Zulip: a stream message sent by a bot (`/api/v1/messages`, basic auth with the bot's email and key). */
export const zulip = defineChannel({
  type: 'zulip_chat',
  schemes: ['zulip'],
  target: z.object({
    url: z.url('the Zulip server URL is required'),
    botEmail: z.string().min(1, 'the bot email is required'),
    botKey: z.string().min(1, 'the bot API key is required'),
    stream: z.string().min(1, 'a stream is required'),
    topic: z.string().optional(),
  }),
  fromUrl(url) {
    // zulip://bot-mail:bot-key@zulip-domain/?stream=name&topic=name
    return {
      url: `https://${url.host}`,
      botEmail: decodeURIComponent(url.username),
      botKey: decodeURIComponent(url.password),
      stream: url.searchParams.get('stream') ?? '',
      topic: url.searchParams.get('topic') ?? undefined,
    };
  },
  fromConnection(c) {
    return {
      url: c.url,
      botEmail: c.username,
      botKey: c.password,
      stream: c.properties.stream ?? c.properties.channel,
      topic: c.properties.topic,
    };
  },
  async send(t, msg, ctx) {
    const auth = Buffer.from(`${t.botEmail}:${t.botKey}`).toString('base64');
    const res = (await request(
      'Zulip',
      joinUrl(t.url, 'api/v1/messages'),
      {
        headers: { authorization: `Basic ${auth}` },
        form: {
          type: 'stream',
          to: msg.properties.stream ?? t.stream,
          topic: (msg.properties.topic ?? t.topic ?? msg.title).slice(0, 60),
          content: `**${msg.title}**\n\n${msg.body}`.trim(),
        },
      },
      ctx,
    )) as { result?: string; msg?: string } | undefined;
    if (res?.result !== 'success')
      throw new ChannelError(`Zulip refused the message: ${res?.msg ?? 'no result in the answer'}`);
  },
});
