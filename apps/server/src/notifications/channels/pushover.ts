import { z } from 'zod';
import { joinUrl, list, request } from './http.js';
import { defineChannel } from './types.js';

/** Pushover: POST /1/messages.json with the application token and the user (or group) key. */
export const pushover = defineChannel({
  type: 'pushover',
  schemes: ['pushover'],
  target: z.object({
    token: z.string().min(1, 'the application API token is required'),
    user: z.string().min(1, 'the user key is required'),
    devices: z.array(z.string()).default([]),
    priority: z
      .string()
      .regex(/^-?[0-2]$/, 'priority is -2 to 2')
      .optional(),
    apiUrl: z.url().default('https://api.pushover.net'),
  }),
  fromUrl(url) {
    // pushover://shoutrrr:apiToken@userKey/?devices=dev1,dev2&priority=1
    return {
      token: decodeURIComponent(url.password),
      user: url.hostname,
      devices: list(url.searchParams.get('devices')),
      priority: url.searchParams.get('priority') ?? undefined,
    };
  },
  fromConnection(c) {
    return {
      token: c.password,
      user: c.username ?? c.properties.user,
      devices: list(c.properties.devices),
      priority: c.properties.priority,
      apiUrl: c.url || undefined,
    };
  },
  async send(t, msg, ctx) {
    const form: Record<string, string> = {
      token: t.token,
      user: t.user,
      title: msg.title.slice(0, 250),
      message: (msg.body || msg.title).slice(0, 1024),
    };
    if (t.devices.length) form.device = t.devices.join(',');
    const priority = msg.properties.priority ?? t.priority;
    if (priority) form.priority = priority;
    await request('Pushover', joinUrl(t.apiUrl, '1/messages.json'), { form }, ctx);
  },
});
