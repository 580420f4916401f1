import type { PermissionRule } from '@opsdeck/schema/permissions';
import { describe, expect, it } from 'vitest';
import type { WhoAmI } from './queries.js';
import { sessionOf } from './session.js';

const whoami = (roles: string[], permissions: PermissionRule[] = []): WhoAmI =>
  ({ user: { id: 'u1', name: 'Sam' }, roles, permissions }) as unknown as WhoAmI;
const rule = (action: string, object: string, deny = false): PermissionRule => ({ id: 'p1', action, deny, object });

describe('session.can', () => {
  it.each([
    ['a viewer reads health checks', ['viewer'], [], 'canaries', 'read', true],
    ['a viewer does not change them', ['viewer'], [], 'canaries', 'update', false],
    ['an editor changes them', ['editor'], [], 'canaries', 'update', true],
    ['an admin deletes them', ['admin'], [], 'canaries', 'delete', true],
    ['a role OpsDeck does not know grants nothing', ['superuser'], [], 'canaries', 'read', false],
    ['a permission row grants beyond the role', ['viewer'], [rule('update', 'canaries')], 'canaries', 'update', true],
    ['a deny row wins over the role', ['editor'], [rule('update', 'canaries', true)], 'canaries', 'update', false],
  ] as const)('%s', (_, roles, rules, resource, action, expected) => {
    expect(sessionOf(whoami([...roles], [...rules]), []).can(resource, action)).toBe(expected);
  });

  it('reads by default', () => {
    expect(sessionOf(whoami(['viewer']), []).can('canaries')).toBe(true);
  });

  it('knows the features switched off', () => {
    const session = sessionOf(whoami(['admin']), ['logs']);
    expect(session.featureDisabled('logs')).toBe(true);
    expect(session.featureDisabled('health')).toBe(false);
  });
});
