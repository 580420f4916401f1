import { z } from 'zod';
import { joinUrl, list, request } from './http.js';
import { defineChannel } from './types.js';

/** IFTTT: triggers each Webhooks event with value1 = title, value2 = body, value3 = the OpsDeck event. */
export const ifttt = defineChannel({
  type: 'ifttt',
  schemes: ['ifttt'],
  target: z.object({
    key: z.string().min(1, 'the Webhooks key is required'),
    events: z.array(z.string().min(1)).min(1, 'name at least one IFTTT event'),
    apiUrl: z.url().default('https://maker.ifttt.com'),
  }),
  fromUrl(url) {
    // ifttt://key/?events=event1,event2
    return { key: url.hostname, events: list(url.searchParams.get('events')) };
  },
  fromConnection(c) {
    return { key: c.password, events: list(c.properties.events ?? c.properties.event), apiUrl: c.url || undefined };
  },
  async send(t, msg, ctx) {
    for (const event of t.events) {
      await request(
        'IFTTT',
        joinUrl(t.apiUrl, `trigger/${encodeURIComponent(event)}/with/key/${encodeURIComponent(t.key)}`),
        { json: { value1: msg.title, value2: msg.body, value3: msg.event } },
        ctx,
      );
    }
  },
});
