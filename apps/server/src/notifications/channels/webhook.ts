import { z } from 'zod';
import { renderTemplate } from '../../expr/index.js';
import { request } from './http.js';
import { ChannelError, defineChannel } from './types.js';

/**
 * Generic webhook: POST (default) a JSON body, or GET with the message in the query string.
 * `template` is a Go template rendered with the notification's variables plus `title` and
 * `message`; with a JSON content type its output must be valid JSON.
 */
export const webhook = defineChannel({
  type: 'generic_webhook',
  schemes: ['generic', 'generic+http', 'generic+https'],
  target: z.object({
    url: z.url('the webhook URL is required'),
    method: z.enum(['POST', 'GET'], { message: 'method is POST or GET' }).default('POST'),
    contentType: z.string().default('application/json'),
    template: z.string().optional(),
    headers: z.record(z.string(), z.string()).default({}),
    username: z.string().optional(),
    password: z.string().optional(),
  }),
  fromUrl(url) {
    // generic://host/path (https), generic+http://host/path; ?template=, ?method=, ?contenttype=
    const scheme = url.protocol === 'generic+http:' || url.searchParams.get('disabletls') === 'yes' ? 'http' : 'https';
    const target = new URL(`${scheme}://${url.host}${url.pathname}`);
    const reserved = new Set(['template', 'method', 'requestmethod', 'contenttype', 'disabletls']);
    for (const [k, v] of url.searchParams) if (!reserved.has(k.toLowerCase())) target.searchParams.set(k, v);
    return {
      url: target.toString(),
      method: (url.searchParams.get('method') ?? url.searchParams.get('requestmethod'))?.toUpperCase(),
      contentType: url.searchParams.get('contenttype') ?? undefined,
      template: url.searchParams.get('template') ?? undefined,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
    };
  },
  fromConnection(c) {
    let headers: Record<string, string> | undefined;
    if (c.properties.headers) {
      try {
        headers = JSON.parse(c.properties.headers) as Record<string, string>;
      } catch {
        headers = undefined;
      }
    }
    return {
      url: c.url,
      method: (c.properties.requestMethod ?? c.properties.method)?.toUpperCase(),
      contentType: c.properties.contentType,
      template: c.properties.template,
      headers,
      username: c.username || undefined,
      password: c.password || undefined,
    };
  },
  async send(t, msg, ctx) {
    const headers: Record<string, string> = { ...t.headers };
    if (t.username)
      headers.authorization = `Basic ${Buffer.from(`${t.username}:${t.password ?? ''}`).toString('base64')}`;
    if (t.method === 'GET') {
      const url = new URL(t.url);
      url.searchParams.set('title', msg.title);
      url.searchParams.set('message', msg.body);
      await request('Webhook', url.toString(), { method: 'GET', headers }, ctx);
      return;
    }
    const vars = { ...msg.env, title: msg.title, message: msg.body };
    let text: string;
    const template = msg.properties.template ?? t.template;
    if (template) {
      try {
        text = renderTemplate(template, vars);
      } catch (err) {
        throw new ChannelError(`webhook template: ${(err as Error).message}`);
      }
      if (/json/i.test(t.contentType)) {
        try {
          JSON.parse(text);
        } catch {
          throw new ChannelError(`webhook template did not render valid JSON: ${text.slice(0, 200)}`);
        }
      }
    } else {
      text = JSON.stringify({ title: msg.title, message: msg.body, event: msg.event, properties: msg.properties });
    }
    await request('Webhook', t.url, { headers: { ...headers, 'content-type': t.contentType }, text }, ctx);
  },
});
