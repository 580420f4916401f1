import { z } from 'zod';
import { joinUrl, list, request } from './http.js';
import { defineChannel } from './types.js';

/** Pushbullet: a note push per target (device iden, email or #channel), or to all devices. */
export const pushbullet = defineChannel({
  type: 'pushbullet',
  schemes: ['pushbullet'],
  target: z.object({
    token: z.string().min(1, 'the access token is required'),
    targets: z.array(z.string()).default([]),
    apiUrl: z.url().default('https://api.pushbullet.com'),
  }),
  fromUrl(url) {
    // pushbullet://token/device1/#channel/someone@example.com
    const targets = `${url.pathname}${url.hash}`
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
    return { token: url.hostname, targets };
  },
  fromConnection(c) {
    return { token: c.password, targets: list(c.properties.targets), apiUrl: c.url || undefined };
  },
  async send(t, msg, ctx) {
    const targets = t.targets.length ? t.targets : [''];
    for (const to of targets) {
      const push: Record<string, string> = { type: 'note', title: msg.title, body: msg.body };
      if (to.startsWith('#')) push.channel_tag = to.slice(1);
      else if (to.includes('@')) push.email = to;
      else if (to) push.device_iden = to;
      await request(
        'Pushbullet',
        joinUrl(t.apiUrl, 'v2/pushes'),
        { headers: { 'Access-Token': t.token }, json: push },
        ctx,
      );
    }
  },
});
