import { describe, expect, it } from 'vitest';
import { type GrantRow, holdsPlaybookRun } from './notificationGrant.js';

const playbook = '22222222-2222-4222-8222-222222222222';
const row = (over: Partial<GrantRow>): GrantRow => ({
  id: 'p1',
  action: 'playbook:run',
  deny: false,
  object: null,
  playbook_id: playbook,
  ...over,
});

describe('a notification rule holds playbook:run', () => {
  it('through an allow row in force on its playbook or on every playbook', () => {
    expect(holdsPlaybookRun([], playbook)).toBe(false);
    expect(holdsPlaybookRun([row({})], playbook)).toBe(true);
    expect(holdsPlaybookRun([row({ playbook_id: null, object: 'playbooks' })], playbook)).toBe(true);
    expect(holdsPlaybookRun([row({ playbook_id: null, object: 'playbooks', action: '*' })], playbook)).toBe(true);
  });

  it('not through a deny row, an ended row, another action or another playbook', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(holdsPlaybookRun([row({ deny: true })], playbook, now)).toBe(false);
    expect(holdsPlaybookRun([row({ until: '2029-12-31T00:00:00Z' })], playbook, now)).toBe(false);
    expect(holdsPlaybookRun([row({ until: '2030-01-02T00:00:00Z' })], playbook, now)).toBe(true);
    expect(holdsPlaybookRun([row({ action: 'playbook:approve' })], playbook, now)).toBe(false);
    expect(holdsPlaybookRun([row({ playbook_id: '33333333-3333-4333-8333-333333333333' })], playbook, now)).toBe(false);
  });
});
