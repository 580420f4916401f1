import { z } from 'zod';
import { joinUrl, list, request } from './http.js';
import { defineChannel } from './types.js';

/** OpsGenie: creates an alert through the Alert API (`/v2/alerts`, GenieKey auth), host port 443 by default. */
export const opsgenie = defineChannel({
  type: 'opsgenie',
  schemes: ['opsgenie'],
  target: z.object({
    apiKey: z.string().min(1, 'the API key is required'),
    /** Full base URL; defaults to https://<host>:<port>. */
    url: z.url().optional(),
    host: z.string().min(1).default('api.opsgenie.com'),
    port: z.coerce.number().int().min(1).max(65535).default(443),
    priority: z.enum(['P1', 'P2', 'P3', 'P4', 'P5']).optional(),
    tags: z.array(z.string()).default([]),
    responders: z.array(z.string()).default([]),
  }),
  fromUrl(url) {
    // opsgenie://host[:port]/apiKey?priority=P1&tags=a,b&responders=team:ops
    return {
      apiKey: url.pathname.replace(/^\/+/, ''),
      host: url.hostname || undefined,
      port: url.port || undefined,
      priority: url.searchParams.get('priority') ?? undefined,
      tags: list(url.searchParams.get('tags')),
      responders: list(url.searchParams.get('responders')),
    };
  },
  fromConnection(c) {
    return {
      apiKey: c.password,
      url: c.url || undefined,
      host: c.properties.host,
      port: c.properties.port,
      priority: c.properties.priority,
      tags: list(c.properties.tags),
      responders: list(c.properties.responders),
    };
  },
  async send(t, msg, ctx) {
    const base = t.url ?? `https://${t.host}${t.port === 443 ? '' : `:${t.port}`}`;
    const responders = t.responders.map((r) => {
      const [type, name] = r.includes(':') ? r.split(':', 2) : ['team', r];
      return { type, name };
    });
    await request(
      'OpsGenie',
      joinUrl(base, 'v2/alerts'),
      {
        headers: { authorization: `GenieKey ${t.apiKey}` },
        json: {
          message: msg.title.slice(0, 130),
          description: msg.body.slice(0, 15000),
          source: 'OpsDeck',
          priority: msg.properties.priority ?? t.priority,
          tags: t.tags.length ? t.tags : undefined,
          responders: responders.length ? responders : undefined,
        },
      },
      ctx,
    );
  },
});
