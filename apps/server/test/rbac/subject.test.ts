import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { notificationSubject } from '../../src/identity/people/subject.js';
import { authorize } from '../../src/rbac/authorize.js';
import { createTestDb } from '../helpers/index.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

describe('notification subjects', () => {
  it('may run exactly the playbook a permission row names, until the row ends', async () => {
    const notification = '11111111-1111-4111-8111-111111111111';
    const playbook = '22222222-2222-4222-8222-222222222222';
    await db.kysely
      .insertInto('permissions')
      .values({
        notification_id: notification,
        playbook_id: playbook,
        action: 'playbook:run',
        until: new Date('2030-01-01T00:00:00Z'),
      })
      .execute();
    const now = await notificationSubject(db.kysely, notification, new Date('2029-06-01T00:00:00Z'));
    expect(authorize(now, 'playbooks', 'playbook:run', { playbook_id: playbook }).allowed).toBe(true);
    expect(authorize(now, 'playbooks', 'playbook:run', { playbook_id: notification }).allowed).toBe(false);
    expect(authorize(now, 'playbooks', 'playbook:approve', { playbook_id: playbook }).allowed).toBe(false);
    const later = await notificationSubject(db.kysely, notification, new Date('2031-01-01T00:00:00Z'));
    expect(authorize(later, 'playbooks', 'playbook:run', { playbook_id: playbook }).allowed).toBe(false);
    const row = await db.kysely.selectFrom('permissions').select(['subject_type', 'subject']).executeTakeFirstOrThrow();
    expect(row).toEqual({ subject_type: 'notification', subject: notification });
  });
});
