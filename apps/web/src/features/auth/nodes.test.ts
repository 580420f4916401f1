import type { UiNode } from '@ory/client-fetch';
import { describe, expect, it } from 'vitest';
import { groupsInOrder, submitBody, withValue } from './nodes.js';

const input = (group: string, name: string, type: string, value?: unknown): UiNode =>
  ({
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, value, disabled: false },
    messages: [],
    meta: {},
  }) as unknown as UiNode;

const nodes = [
  input('default', 'csrf_token', 'hidden', 'tok'),
  input('profile', 'traits.email', 'email'),
  input('profile', 'traits.name.first', 'text'),
  input('profile', 'method', 'submit', 'profile'),
  input('totp', 'totp_code', 'text'),
  input('totp', 'totp_unlink', 'submit', true),
];

describe('submitBody', () => {
  it('nests dotted names and keeps the hidden token', () => {
    const body = submitBody(
      nodes,
      [
        ['csrf_token', 'tampered'],
        ['traits.email', 'a@example.com'],
        ['traits.name.first', 'Ada'],
      ],
      { name: 'method', value: 'profile' },
    );
    expect(body).toEqual({
      csrf_token: 'tok',
      traits: { email: 'a@example.com', name: { first: 'Ada' } },
      method: 'profile',
    });
  });

  it('sends an action button with its boolean value and its group as the method', () => {
    expect(submitBody(nodes, [['csrf_token', 'tok']], { name: 'totp_unlink', value: 'true' })).toEqual({
      csrf_token: 'tok',
      totp_unlink: true,
      method: 'totp',
    });
  });
});

describe('groupsInOrder and withValue', () => {
  it('lists method groups in order of appearance, without default', () => {
    expect(groupsInOrder(nodes)).toEqual(['profile', 'totp']);
  });
  it('prefills one input', () => {
    const out = withValue(nodes, 'traits.email', 'x@example.com');
    expect((out[1]?.attributes as { value?: unknown } | undefined)?.value).toBe('x@example.com');
    expect(out[0]).toBe(nodes[0]);
  });
});
