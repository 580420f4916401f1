import { z } from 'zod';
import { request } from './http.js';
import { defineChannel } from './types.js';

/** ntfy: publish to `<host>/<topic>` with Title, Priority and Tags headers (host ntfy.sh by default). */
export const ntfy = defineChannel({
  type: 'ntfy',
  schemes: ['ntfy'],
  target: z.object({
    host: z.string().min(1).default('ntfy.sh'),
    scheme: z.enum(['https', 'http']).default('https'),
    topic: z.string().regex(/^[-\w]{1,64}$/, 'a topic is 1-64 letters, digits, - or _'),
    username: z.string().optional(),
    password: z.string().optional(),
    accessToken: z.string().optional(),
    priority: z.enum(['1', '2', '3', '4', '5', 'min', 'low', 'default', 'high', 'max', 'urgent']).optional(),
    tags: z.string().optional(),
  }),
  fromUrl(url) {
    // ntfy://[user:pass@]host[:port]/topic?priority=high&tags=warning&scheme=http
    return {
      host: url.host || undefined,
      scheme: url.searchParams.get('scheme') ?? undefined,
      topic: url.pathname.replace(/^\/+/, ''),
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      priority: url.searchParams.get('priority') ?? undefined,
      tags: url.searchParams.get('tags') ?? undefined,
    };
  },
  fromConnection(c) {
    const base = c.url ? new URL(c.url) : undefined;
    return {
      host: base?.host ?? c.properties.host,
      scheme: base?.protocol.replace(':', ''),
      topic: c.properties.topic,
      username: c.username || undefined,
      password: c.username ? c.password : undefined,
      accessToken: c.username ? undefined : c.password || undefined,
      priority: c.properties.priority,
      tags: c.properties.tags,
    };
  },
  async send(t, msg, ctx) {
    const headers: Record<string, string> = { Title: encodeHeader(msg.title), Markdown: 'yes' };
    const priority = msg.properties.priority ?? t.priority;
    const tags = msg.properties.tags ?? t.tags;
    if (priority) headers.Priority = priority;
    if (tags) headers.Tags = tags;
    if (t.accessToken) headers.Authorization = `Bearer ${t.accessToken}`;
    else if (t.username)
      headers.Authorization = `Basic ${Buffer.from(`${t.username}:${t.password ?? ''}`).toString('base64')}`;
    await request('ntfy', `${t.scheme}://${t.host}/${t.topic}`, { headers, text: msg.body || msg.title }, ctx);
  },
});

// header values must be latin1; ntfy decodes RFC 2047 encoded words for anything else
function encodeHeader(v: string): string {
  return /^[\x20-\x7e]*$/.test(v) ? v : `=?UTF-8?B?${Buffer.from(v).toString('base64')}?=`;
}
