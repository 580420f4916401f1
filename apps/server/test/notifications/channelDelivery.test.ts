import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { channelForScheme, channelForType } from '../../src/notifications/channels/registry.js';
import { ChannelError } from '../../src/notifications/channels/types.js';
import { channelMessage as message } from './fixtures.js';
import { startSmtpPeer } from './peers.js';

// Delivery concerns every channel shares (timeouts), email over a real SMTP peer, and the
// shoutrrr-style channel URLs each service is configured with.

describe('notification channel delivery and URLs', () => {
  it('a channel that does not answer in time fails with the timeout', async () => {
    const silent = createServer(() => {}); // accepts the connection, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const channel = channelForType('generic_webhook');
      const target = channel?.target.parse({ url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook` });
      const err = await channel
        ?.send(target, message, { signal: AbortSignal.timeout(200), timeoutMs: 200 })
        .catch((e) => e);
      expect(err).toBeInstanceOf(ChannelError);
      expect(err.message).toBe('Webhook: no answer within 200 ms');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('email goes out over SMTP with port 587 and encryption Auto by default', async () => {
    const smtp = await startSmtpPeer();
    try {
      const channel = channelForType('email');
      const defaults = channel?.target.parse({ host: 'mail', from: 'a@b.co', to: ['c@d.co'] });
      expect(defaults).toMatchObject({ port: 587, encryption: 'Auto', auth: 'Unknown' });
      const target = channel?.target.parse(
        channel.fromConnection({
          name: 'e',
          namespace: 'd',
          type: 'email',
          properties: {
            host: '127.0.0.1',
            port: String(smtp.port),
            from: 'opsdeck@example.com',
            to: 'ops@example.com',
          },
        }),
      );
      await channel?.send(target, message, { signal: AbortSignal.timeout(3000), timeoutMs: 3000 });
      expect(smtp.mails[0]?.to).toEqual(['ops@example.com']);
      expect(smtp.mails[0]?.from).toBe('opsdeck@example.com');
      expect(smtp.mails[0]?.subject).toBe('api-health is unhealthy');
      expect(smtp.mails[0]?.raw).toContain('<b>Error:</b> connection refused');
    } finally {
      await smtp.close();
    }
  });

  it('maps channel URLs of every scheme onto their service', () => {
    const target = (u: string) => {
      const url = new URL(u);
      const c = channelForScheme(url.protocol.replace(':', ''));
      return c?.target.parse(c.fromUrl(url));
    };
    expect(target('slack://hook:T1-B2-XYZ@webhook')).toEqual({
      mode: 'webhook',
      webhookUrl: 'https://hooks.slack.com/services/T1/B2/XYZ',
    });
    expect(target('discord://tok@123')).toMatchObject({ webhookUrl: 'https://discord.com/api/webhooks/123/tok' });
    expect(target('ntfy://ntfy.example.com/alerts?priority=high')).toMatchObject({
      host: 'ntfy.example.com',
      topic: 'alerts',
      priority: 'high',
    });
    expect(target('telegram://123:abc@telegram?chats=@ops')).toMatchObject({ token: '123:abc', chats: ['@ops'] });
    expect(target('pushover://shoutrrr:apptoken@userkey/?devices=a,b')).toMatchObject({
      token: 'apptoken',
      user: 'userkey',
      devices: ['a', 'b'],
    });
    expect(target('opsgenie://api.eu.opsgenie.com/key123')).toMatchObject({
      apiKey: 'key123',
      host: 'api.eu.opsgenie.com',
      port: 443,
    });
    expect(target('zulip://bot%40z.org:key@z.example.com/?stream=ops&topic=t')).toMatchObject({
      url: 'https://z.example.com',
      botEmail: 'bot@z.org',
      stream: 'ops',
    });
    expect(target('smtp://u:p@mail.example.com/?from=a@b.co&to=c@d.co')).toMatchObject({
      host: 'mail.example.com',
      port: 587,
      to: ['c@d.co'],
    });
    expect(target('generic+http://hooks.local:8080/x?token=1')).toMatchObject({
      url: 'http://hooks.local:8080/x?token=1',
      method: 'POST',
    });
    expect(target('ifttt://key/?events=e1,e2')).toMatchObject({ key: 'key', events: ['e1', 'e2'] });
  });
});
