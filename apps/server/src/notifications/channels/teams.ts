import { z } from 'zod';
import { request } from './http.js';
import { defineChannel } from './types.js';

/** Microsoft Teams: an incoming webhook (Workflows or connector URL) receiving an Adaptive Card. */
export const teams = defineChannel({
  type: 'teams',
  schemes: ['teams'],
  target: z.object({ webhookUrl: z.url('a Teams webhook URL is required') }),
  fromUrl(url) {
    // teams://group@tenant/altId/groupOwner?host=example.webhook.office.com
    const host = url.searchParams.get('host');
    const [altId, owner] = url.pathname.split('/').filter(Boolean);
    if (!host) return { webhookUrl: '' };
    const group = decodeURIComponent(url.username);
    return { webhookUrl: `https://${host}/webhookb2/${group}@${url.hostname}/IncomingWebhook/${altId}/${owner}` };
  },
  fromConnection(c) {
    return { webhookUrl: c.url ?? c.properties.webhook };
  },
  async send(t, msg, ctx) {
    const card = {
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      type: 'AdaptiveCard',
      version: '1.4',
      body: [
        { type: 'TextBlock', text: msg.title, weight: 'Bolder', size: 'Medium', wrap: true },
        ...(msg.body.trim() ? [{ type: 'TextBlock', text: msg.body, wrap: true }] : []),
      ],
    };
    await request(
      'Microsoft Teams',
      t.webhookUrl,
      {
        json: {
          type: 'message',
          attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
        },
      },
      ctx,
    );
  },
});
