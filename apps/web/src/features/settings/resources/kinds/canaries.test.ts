import { describe, expect, it } from 'vitest';
import { canariesKind, checkTypesOf, scheduleOf } from './canaries.js';

const row = (spec: unknown) => ({ id: 'c1', name: 'payments-api', spec });

describe('health checks kind', () => {
  it('lists each check type once, in the editor order', () => {
    const spec = { schedule: '@every 30m', redis: [{ name: 'cache' }], http: [{ name: 'a' }, { name: 'b' }] };
    expect(checkTypesOf(row(spec))).toEqual(['http', 'redis']);
    expect(checkTypesOf(row(null))).toEqual([]);
  });

  it('shows the schedule, every minute when the spec has none', () => {
    expect(scheduleOf(row({ schedule: '@hourly' }))).toBe('@hourly');
    expect(scheduleOf(row({}))).toBe('@every 1m');
    expect(scheduleOf(row(null))).toBe('@every 1m');
  });

  it('reads the list from the view with the latest job and edits with its own Spec editor', () => {
    expect(canariesKind.listRelation).toBe('canaries_with_status');
    expect(canariesKind.specEditor).toBeTypeOf('function');
    expect(canariesKind.jobResourceType).toBe('canary');
    expect(canariesKind.blank()).toMatchObject({ namespace: 'default' });
  });
});
