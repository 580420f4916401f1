import { describe, expect, it } from 'vitest';
import { RESOURCES, roleAllows } from './rbac.js';

describe('role grants', () => {
  it.each([
    ['admin', 'connections', 'update', true],
    ['editor', 'canaries', 'update', true],
    ['editor', 'connections', 'update', false],
    ['editor', 'identities', 'create', false],
    ['editor', 'rbac', 'read', true],
    ['responder', 'incident', 'create', true],
    ['commander', 'comments', 'update', true],
    ['responder', 'canaries', 'update', false],
    ['responder', 'connections', 'read', false],
    ['viewer', 'canaries', 'read', true],
    ['viewer', 'incident', 'create', false],
    ['guest', 'rbac', 'read', false],
  ] as const)('%s %s %s -> %s', (role, resource, action, expected) => {
    expect(roleAllows(role, resource, action)).toBe(expected);
  });

  it('gives viewers read on every resource but rbac, identities and connections', () => {
    const readable = RESOURCES.filter((r) => roleAllows('viewer', r, 'read'));
    expect(RESOURCES.filter((r) => !readable.includes(r))).toEqual(['rbac', 'identities', 'connections']);
  });
});
