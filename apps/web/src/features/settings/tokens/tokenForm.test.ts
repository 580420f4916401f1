import { describe, expect, it } from 'vitest';
import { emptyTokenForm, scopeSummary, tokenBody, tokenFormErrors } from './tokenForm.js';

describe('create token form', () => {
  it('sends 90 days, read-only, by default', () => {
    expect(tokenBody({ ...emptyTokenForm(), name: ' ci ' })).toEqual({
      name: 'ci',
      expiry: '2160h',
      auto_renew: false,
      scope: [{ object: '*', actions: ['read'] }],
    });
  });

  it('sends no scope for Full and per-object grants for Custom', () => {
    expect(tokenBody({ ...emptyTokenForm(), name: 'a', scope: 'Full' }).scope).toBeUndefined();
    const custom = tokenBody({
      ...emptyTokenForm(),
      name: 'a',
      scope: 'Custom',
      custom: { canaries: 'Write', playbooks: 'Run', incident: 'None' },
    });
    expect(custom.scope).toEqual([
      { object: 'canaries', actions: ['read', 'create', 'update', 'delete'] },
      { object: 'playbooks', actions: ['read', 'playbook:run'] },
    ]);
  });

  it('requires a name and, for Custom, one object', () => {
    expect(tokenFormErrors({ ...emptyTokenForm(), scope: 'Custom' })).toEqual({
      name: 'This field is required',
      scope: 'Give the token access to at least one object',
    });
  });

  it.each([
    [null, 'Full'],
    [[{ object: '*', actions: ['read'] }], 'Read'],
    [[{ object: '*', actions: ['read', 'create', 'update', 'delete'] }], 'Write'],
    [[{ object: 'canaries', actions: ['read'] }], 'canaries: read'],
  ] as const)('summarises %j as %s', (scope, text) => {
    expect(scopeSummary(scope as never)).toBe(text);
  });
});
