import { describe, expect, it } from 'vitest';
import { isAdminRoles, isViewerRoles, knownRoles, rolesAllow } from './access.js';

describe('access', () => {
  it('drops unknown role names', () => {
    expect(knownRoles(['admin', 'superuser', 'viewer'])).toEqual(['admin', 'viewer']);
  });

  it.each([
    [['admin'], 'connections', 'read', true],
    [['viewer'], 'incident', 'read', true],
    [['viewer'], 'connections', 'read', false],
    [['viewer'], 'incident', 'update', false],
    [['responder'], 'incident', 'update', true],
    [['responder'], 'playbooks', 'update', false],
    [['editor'], 'connections', 'update', false],
    [['viewer', 'editor'], 'canaries', 'update', true],
    [[], 'incident', 'read', false],
  ] as const)('%j %s %s -> %s', (roles, resource, action, expected) => {
    expect(rolesAllow(roles, resource, action)).toBe(expected);
  });

  it.each([
    [['viewer'], true],
    [['guest'], true],
    [['viewer', 'guest'], true],
    [['viewer', 'editor'], false],
    [['admin'], false],
    [[], false],
  ] as const)('isViewer %j -> %s', (roles, expected) => {
    expect(isViewerRoles(roles)).toBe(expected);
  });

  it('isAdmin means the admin role', () => {
    expect(isAdminRoles(['admin', 'viewer'])).toBe(true);
    expect(isAdminRoles(['editor'])).toBe(false);
  });
});
