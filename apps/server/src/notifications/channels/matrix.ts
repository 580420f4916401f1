import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { joinUrl, list, request } from './http.js';
import { escapeHtml, markdownToHtml } from './markdown.js';
import { ChannelError, defineChannel, type SendContext } from './types.js';

/** Matrix: logs in (or uses an access token), resolves room aliases, sends an m.text event per room. */
export const matrix = defineChannel({
  type: 'matrix',
  schemes: ['matrix'],
  target: z
    .object({
      url: z.url('the homeserver URL is required'),
      user: z.string().optional(),
      password: z.string().optional(),
      accessToken: z.string().optional(),
      rooms: z
        .array(z.string().regex(/^[!#].+:.+$/, 'rooms look like !id:server or #alias:server'))
        .min(1, 'name at least one room'),
    })
    .refine((t) => t.accessToken || (t.user && t.password), {
      message: 'an access token, or a user and password, is required',
    }),
  fromUrl(url) {
    // matrix://user:password@host[:port]/?rooms=!roomID,#alias:server&disableTLS=yes
    const tls = url.searchParams.get('disableTLS') !== 'yes';
    const user = decodeURIComponent(url.username);
    return {
      url: `${tls ? 'https' : 'http'}://${url.host}`,
      user: user || undefined,
      password: user ? decodeURIComponent(url.password) : undefined,
      accessToken: user ? undefined : decodeURIComponent(url.password),
      rooms: list(url.searchParams.get('rooms')),
    };
  },
  fromConnection(c) {
    return {
      url: c.url,
      user: c.username || undefined,
      password: c.username ? c.password : undefined,
      accessToken: c.username ? undefined : c.password,
      rooms: list(c.properties.rooms ?? c.properties.channel),
    };
  },
  async send(t, msg, ctx) {
    const token = t.accessToken ?? (await login(t.url, t.user as string, t.password as string, ctx));
    const auth = { authorization: `Bearer ${token}` };
    for (const room of t.rooms) {
      let roomId = room;
      if (room.startsWith('#')) {
        const res = (await request(
          'Matrix',
          joinUrl(t.url, `_matrix/client/v3/directory/room/${encodeURIComponent(room)}`),
          { method: 'GET', headers: auth },
          ctx,
        )) as { room_id?: string };
        if (!res?.room_id) throw new ChannelError(`Matrix: room alias ${room} did not resolve`);
        roomId = res.room_id;
      }
      await request(
        'Matrix',
        joinUrl(t.url, `_matrix/client/v3/rooms/${encodeURIComponent(roomId)}/send/m.room.message/${randomUUID()}`),
        {
          method: 'PUT',
          headers: auth,
          json: {
            msgtype: 'm.text',
            body: `${msg.title}\n\n${msg.body}`.trim(),
            format: 'org.matrix.custom.html',
            formatted_body: `<strong>${escapeHtml(msg.title)}</strong>${msg.body.trim() ? `<br>${markdownToHtml(msg.body)}` : ''}`,
          },
        },
        ctx,
      );
    }
  },
});

async function login(url: string, user: string, password: string, ctx: SendContext): Promise<string> {
  const res = (await request(
    'Matrix',
    joinUrl(url, '_matrix/client/v3/login'),
    { json: { type: 'm.login.password', identifier: { type: 'm.id.user', user }, password } },
    ctx,
  )) as { access_token?: string };
  if (!res?.access_token) throw new ChannelError('Matrix: login answered without an access token');
  return res.access_token;
}
