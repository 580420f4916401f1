import { describe, expect, it } from 'vitest';
import { authorize } from '../../src/rbac/authorize.js';
import type { Subject } from '../../src/rbac/resources.js';

const subject = (over: Partial<Subject>): Subject => ({ id: 'p1', kind: 'person', roles: [], teamIds: [], ...over });

describe('authorize with permission rows', () => {
  it('lets a row about one playbook run that playbook only', () => {
    const s = subject({
      roles: ['viewer'],
      permissions: [{ id: 'r1', action: 'playbook:run', deny: false, object: null, playbook_id: 'pb-1' }],
    });
    expect(authorize(s, 'playbooks', 'playbook:run', { playbook_id: 'pb-1' }).allowed).toBe(true);
    expect(authorize(s, 'playbooks', 'playbook:run', { playbook_id: 'pb-2' }).allowed).toBe(false);
    expect(authorize(s, 'playbooks', 'playbook:run').allowed).toBe(false);
  });

  it('denies an admin through a deny row and names it', () => {
    const s = subject({ roles: ['admin'], permissions: [{ id: 'd1', action: '*', deny: true, object: 'connection' }] });
    const d = authorize(s, 'connections', 'read');
    expect(d).toEqual({ allowed: false, reason: 'denied by permission d1' });
    expect(authorize(s, 'canaries', 'read').allowed).toBe(true);
  });

  it('matches comma lists of actions and global objects covering several resources', () => {
    const s = subject({
      permissions: [{ id: 'a1', action: 'create,read,update,delete', deny: false, object: 'playbooks' }],
    });
    expect(authorize(s, 'playbook_runs', 'update').allowed).toBe(true);
    expect(authorize(s, 'playbooks', 'playbook:approve').allowed).toBe(false);
  });
});
