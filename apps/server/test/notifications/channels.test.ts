import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelForType } from '../../src/notifications/channels/registry.js';
import type { NotificationConnection } from '../../src/notifications/channels/types.js';
import { channelMessage as message } from './fixtures.js';
import { type HttpPeer, type Received, type Reply, startHttpPeer } from './peers.js';

// Each channel talks to a local peer standing in for its service; the assertions pin the request
// the real service expects: method, path, auth header and body shape.

let peer: HttpPeer;
let answer: (req: Received) => Reply;
beforeAll(async () => {
  peer = await startHttpPeer((req) => answer(req));
});
afterAll(() => peer.close());

async function send(type: string, conn: Partial<NotificationConnection>, reply: Reply = { status: 200, body: {} }) {
  answer = () => reply;
  peer.requests.length = 0;
  const channel = channelForType(type);
  if (!channel) throw new Error(`no channel ${type}`);
  const target = channel.target.parse(
    channel.fromConnection({
      name: 'c',
      namespace: 'default',
      type,
      properties: {},
      ...conn,
    } as NotificationConnection),
  );
  await channel.send(target, message, { signal: AbortSignal.timeout(3000), timeoutMs: 3000 });
  return peer.requests;
}

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));

describe('notification channels against local peers', () => {
  it('slack posts chat.postMessage with the bot token and channel', async () => {
    const [r] = await send(
      'slack',
      { url: peer.url, password: 'xoxb-1-2-abc', properties: { channel: 'C0ALERTS' } },
      { body: { ok: true } },
    );
    expect(r?.method).toBe('POST');
    expect(r?.path).toBe('/chat.postMessage');
    expect(r?.headers.authorization).toBe('Bearer xoxb-1-2-abc');
    expect(r?.json).toMatchObject({ channel: 'C0ALERTS', text: 'api-health is unhealthy' });
    expect((r?.json as { blocks: { text: { text: string } }[] } | undefined)?.blocks[1]?.text.text).toBe(
      '*Error:* connection refused',
    );
  });

  it('slack maps ok:false to the send history reason', async () => {
    await expect(
      send(
        'slack',
        { url: peer.url, password: 'xoxb-1', properties: { channel: 'nope' } },
        { body: { ok: false, error: 'channel_not_found' } },
      ),
    ).rejects.toThrow('Slack refused the message: channel_not_found');
  });

  it('teams posts an Adaptive Card to the webhook', async () => {
    const [r] = await send(
      'teams',
      { url: `${peer.url}/webhookb2/abc/IncomingWebhook/def/ghi` },
      { status: 202, body: '' },
    );
    expect(r?.path).toBe('/webhookb2/abc/IncomingWebhook/def/ghi');
    const json = r?.json as {
      type: string;
      attachments: { contentType: string; content: { body: { text: string }[] } }[];
    };
    expect(json.type).toBe('message');
    expect(json.attachments[0]?.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(json.attachments[0]?.content.body[0]?.text).toBe('api-health is unhealthy');
  });

  it('discord posts an embed to the webhook and waits for the message', async () => {
    const [r] = await send('discord', { url: `${peer.url}/api/webhooks/123/tok` });
    expect(r?.path).toBe('/api/webhooks/123/tok');
    expect(r?.query.get('wait')).toBe('true');
    expect(r?.json).toMatchObject({
      embeds: [{ title: 'api-health is unhealthy', description: '**Error:** connection refused', color: 0xe03e3e }],
    });
  });

  it('discord reports its JSON error message', async () => {
    await expect(
      send(
        'discord',
        { url: `${peer.url}/api/webhooks/1/x` },
        { status: 401, body: { message: 'Invalid Webhook Token', code: 50027 } },
      ),
    ).rejects.toThrow('Discord answered HTTP 401: Invalid Webhook Token');
  });

  it('mattermost posts text to /hooks/<token>', async () => {
    const [r] = await send(
      'mattermost',
      { url: peer.url, password: 'hooktoken', properties: { channel: 'town-square' } },
      { body: 'ok' },
    );
    expect(r?.path).toBe('/hooks/hooktoken');
    expect(r?.json).toMatchObject({
      channel: 'town-square',
      text: '#### api-health is unhealthy\n\n**Error:** connection refused',
    });
  });

  it('rocket.chat posts to /hooks/<a>/<b> and maps success:false', async () => {
    const [r] = await send(
      'rocketchat',
      { url: `${peer.url}/hooks/AAA/BBB`, properties: { channel: '#ops' } },
      { body: { success: true } },
    );
    expect(r?.path).toBe('/hooks/AAA/BBB');
    expect(r?.json).toMatchObject({
      channel: '#ops',
      text: '*api-health is unhealthy*\n**Error:** connection refused',
    });
    await expect(
      send('rocketchat', { url: `${peer.url}/hooks/A/B` }, { body: { success: false, error: 'invalid-channel' } }),
    ).rejects.toThrow('invalid-channel');
  });

  it('google chat posts text to the space webhook with key and token', async () => {
    const [r] = await send('google_chat', { url: `${peer.url}/v1/spaces/AAAA/messages?key=k1&token=t1` });
    expect(r?.path).toBe('/v1/spaces/AAAA/messages');
    expect(r?.query.get('key')).toBe('k1');
    expect(r?.json).toEqual({ text: '*api-health is unhealthy*\n*Error:* connection refused' });
  });

  it('telegram calls sendMessage per chat with HTML parse mode', async () => {
    const reqs = await send(
      'telegram',
      { url: peer.url, password: '123456:ABC-def', properties: { chats: '@ops, 42' } },
      { body: { ok: true } },
    );
    expect(reqs.map((r) => r.path)).toEqual(['/bot123456:ABC-def/sendMessage', '/bot123456:ABC-def/sendMessage']);
    expect(reqs.map((r) => (r.json as { chat_id: string }).chat_id)).toEqual(['@ops', '42']);
    expect(reqs[0]?.json).toMatchObject({
      parse_mode: 'HTML',
      text: '<b>api-health is unhealthy</b>\n\n**Error:** connection refused',
    });
    await expect(
      send(
        'telegram',
        { url: peer.url, password: '1:x', properties: { chats: '1' } },
        { status: 400, body: { ok: false, description: 'Bad Request: chat not found' } },
      ),
    ).rejects.toThrow('Telegram answered HTTP 400: Bad Request: chat not found');
  });

  it('ntfy publishes the body to /<topic> with Title, Priority and auth headers', async () => {
    const [r] = await send('ntfy', {
      url: peer.url,
      username: 'u',
      password: 'p',
      properties: { topic: 'alerts', priority: 'high', tags: 'warning' },
    });
    expect(r?.path).toBe('/alerts');
    expect(r?.headers.title).toBe('api-health is unhealthy');
    expect(r?.headers.priority).toBe('high');
    expect(r?.headers.tags).toBe('warning');
    expect(r?.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(r?.body).toBe('**Error:** connection refused');
  });

  it('ntfy defaults its host to ntfy.sh', () => {
    const t = channelForType('ntfy')?.target.parse(
      channelForType('ntfy')?.fromConnection({ name: 'n', namespace: 'd', type: 'ntfy', properties: { topic: 'x' } }),
    );
    expect(t).toMatchObject({ host: 'ntfy.sh', scheme: 'https' });
  });

  it('pushover posts the form to /1/messages.json', async () => {
    const [r] = await send(
      'pushover',
      { url: peer.url, username: 'userkey', password: 'apptoken', properties: { devices: 'phone' } },
      { body: { status: 1 } },
    );
    expect(r?.path).toBe('/1/messages.json');
    expect(r?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form(r as Received)).toEqual({
      token: 'apptoken',
      user: 'userkey',
      title: 'api-health is unhealthy',
      message: '**Error:** connection refused',
      device: 'phone',
    });
    await expect(
      send(
        'pushover',
        { url: peer.url, username: 'u', password: 'bad' },
        { status: 400, body: { status: 0, errors: ['application token is invalid'] } },
      ),
    ).rejects.toThrow('Pushover answered HTTP 400: application token is invalid');
  });

  it('pushbullet pushes a note per target with the Access-Token header', async () => {
    const reqs = await send('pushbullet', {
      url: peer.url,
      password: 'o.token',
      properties: { targets: 'dev1, #ops, a@b.co' },
    });
    expect(reqs.map((r) => r.path)).toEqual(['/v2/pushes', '/v2/pushes', '/v2/pushes']);
    expect(reqs[0]?.headers['access-token']).toBe('o.token');
    expect(reqs.map((r) => r.json)).toEqual([
      { type: 'note', title: 'api-health is unhealthy', body: '**Error:** connection refused', device_iden: 'dev1' },
      { type: 'note', title: 'api-health is unhealthy', body: '**Error:** connection refused', channel_tag: 'ops' },
      { type: 'note', title: 'api-health is unhealthy', body: '**Error:** connection refused', email: 'a@b.co' },
    ]);
  });

  it('opsgenie creates an alert with GenieKey auth, port 443 by default', async () => {
    const [r] = await send(
      'opsgenie',
      { url: peer.url, password: 'genie-key', properties: { priority: 'P2', responders: 'team:ops' } },
      { status: 202, body: { result: 'Request will be processed' } },
    );
    expect(r?.path).toBe('/v2/alerts');
    expect(r?.headers.authorization).toBe('GenieKey genie-key');
    expect(r?.json).toMatchObject({
      message: 'api-health is unhealthy',
      description: '**Error:** connection refused',
      priority: 'P2',
      responders: [{ type: 'team', name: 'ops' }],
    });
    const t = channelForType('opsgenie')?.target.parse({ apiKey: 'k' });
    expect(t).toMatchObject({ host: 'api.opsgenie.com', port: 443 });
  });

  it('zulip posts a stream message with bot basic auth and maps result:error', async () => {
    const [r] = await send(
      'zulip_chat',
      { url: peer.url, username: 'bot@z.org', password: 'key', properties: { stream: 'ops', topic: 'alerts' } },
      { body: { result: 'success', id: 1 } },
    );
    expect(r?.path).toBe('/api/v1/messages');
    expect(r?.headers.authorization).toBe(`Basic ${Buffer.from('bot@z.org:key').toString('base64')}`);
    expect(form(r as Received)).toEqual({
      type: 'stream',
      to: 'ops',
      topic: 'alerts',
      content: '**api-health is unhealthy**\n\n**Error:** connection refused',
    });
    await expect(
      send(
        'zulip_chat',
        { url: peer.url, username: 'b', password: 'k', properties: { stream: 'x' } },
        { status: 400, body: { result: 'error', msg: "Stream 'x' does not exist" } },
      ),
    ).rejects.toThrow("Zulip answered HTTP 400: Stream 'x' does not exist");
  });

  it('matrix logs in, resolves an alias and sends an m.text event', async () => {
    answer = (req) => {
      if (req.path.endsWith('/login')) return { body: { access_token: 'syt_token' } };
      if (req.path.includes('/directory/room/')) return { body: { room_id: '!abc:example.org' } };
      return { body: { event_id: '$1' } };
    };
    peer.requests.length = 0;
    const channel = channelForType('matrix');
    const target = channel?.target.parse(
      channel.fromConnection({
        name: 'm',
        namespace: 'd',
        type: 'matrix',
        url: peer.url,
        username: 'bot',
        password: 'pw',
        properties: { rooms: '#ops:example.org' },
      }),
    );
    await channel?.send(target, message, { signal: AbortSignal.timeout(3000), timeoutMs: 3000 });
    const [login, alias, sendReq] = peer.requests;
    expect(login?.json).toEqual({
      type: 'm.login.password',
      identifier: { type: 'm.id.user', user: 'bot' },
      password: 'pw',
    });
    expect(alias?.path).toBe('/_matrix/client/v3/directory/room/%23ops%3Aexample.org');
    expect(sendReq?.method).toBe('PUT');
    expect(sendReq?.path).toMatch(
      /^\/_matrix\/client\/v3\/rooms\/!abc%3Aexample.org\/send\/m.room.message\/[0-9a-f-]{36}$/,
    );
    expect(sendReq?.headers.authorization).toBe('Bearer syt_token');
    expect(sendReq?.json).toMatchObject({
      msgtype: 'm.text',
      format: 'org.matrix.custom.html',
      body: 'api-health is unhealthy\n\n**Error:** connection refused',
    });
  });

  it('ifttt triggers each event with value1-3', async () => {
    const reqs = await send(
      'ifttt',
      { url: peer.url, password: 'maker-key', properties: { events: 'opsdeck_alert' } },
      { body: 'Congratulations!' },
    );
    expect(reqs[0]?.path).toBe('/trigger/opsdeck_alert/with/key/maker-key');
    expect(reqs[0]?.json).toEqual({
      value1: 'api-health is unhealthy',
      value2: '**Error:** connection refused',
      value3: 'check.failed',
    });
  });

  it('generic webhook POSTs JSON by default, renders a JSON template, and GETs when asked', async () => {
    const [plain] = await send('generic_webhook', { url: `${peer.url}/hook` });
    expect(plain?.method).toBe('POST');
    expect(plain?.json).toMatchObject({
      title: 'api-health is unhealthy',
      message: '**Error:** connection refused',
      event: 'check.failed',
    });
    const [templated] = await send('generic_webhook', {
      url: `${peer.url}/hook`,
      properties: { template: '{"text": "{{.title}}", "check": "{{.check.name}}"}' },
    });
    expect(templated?.json).toEqual({ text: 'api-health is unhealthy', check: 'api-health' });
    const [get] = await send('generic_webhook', { url: `${peer.url}/hook`, properties: { requestMethod: 'GET' } });
    expect(get?.method).toBe('GET');
    expect(get?.query.get('title')).toBe('api-health is unhealthy');
    expect(channelForType('generic_webhook')?.target.parse({ url: 'http://x' })).toMatchObject({ method: 'POST' });
  });
});
