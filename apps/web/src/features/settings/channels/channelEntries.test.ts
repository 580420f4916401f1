import { describe, expect, it } from 'vitest';
import { channelErrors, channelKind, channelProblem, connectionRef, withTarget } from './channelEntries.js';
import { recipientNames } from './recipients.js';

describe('a rule channel', () => {
  it.each([
    [{ connection: 'connection://default/hooks' }, undefined],
    [{ connection: '' }, 'Choose a connection'],
    [{ email: 'oncall@example.com' }, undefined],
    [{ email: 'oncall' }, 'Enter a valid email address'],
    [{ url: 'generic+http://127.0.0.1:8080/hook' }, undefined],
    [{ url: 'slack://hook:AAA-BBB@webhook' }, undefined],
    [{ url: 'slack://********' }, undefined],
    [{ url: 'slack://webhook' }, 'Slack URLs need a user (token) before @, e.g. slack://hook:AAA-BBB-CCC@webhook'],
    [{ url: 'telegram://token@telegram' }, 'Telegram URLs need ?chats=, e.g. telegram://token@telegram?chats=@channel'],
    [{ url: 'pigeon://coop' }, expect.stringContaining('unknown channel scheme "pigeon"')],
    [{ url: 'not a url' }, expect.stringContaining('must be a channel URL')],
  ])('%j: %s', (entry, problem) => {
    expect(channelProblem(entry)).toEqual(problem);
  });

  it('keeps its properties when its kind or target changes', () => {
    const entry = { url: 'slack://a@b', properties: { channel: 'ops' } };
    const next = withTarget(entry, 'connection', connectionRef({ namespace: null, name: 'hooks' }));
    expect(next).toEqual({ connection: 'connection://default/hooks', properties: { channel: 'ops' } });
    expect(channelKind(next)).toBe('connection');
  });

  it('keys each problem by column and place', () => {
    expect(channelErrors('custom_services', [{ email: 'a@b.co' }, { connection: '' }])).toEqual({
      'custom_services.1': 'Choose a connection',
    });
  });

  it('names recipients by name, never by id', () => {
    const row = {
      person_id: 'b7a4c0de-0000-4000-8000-000000000001',
      person: { name: 'Ada Lovelace', email: 'ada@example.com' },
      team: { name: 'Payments' },
      custom_services: [{ connection: 'connection://default/hooks' }, { url: 'slack://********' }, { email: 'x@y.z' }],
    };
    expect(recipientNames(row)).toEqual(['Ada Lovelace', 'Payments (team)', 'hooks', 'slack URL', 'x@y.z']);
  });
});
