import { describe, expect, it } from 'vitest';
import { bodyOf } from '../resourceValues.js';
import { memberCount, teamsKind } from './teams.js';

describe('teams kind', () => {
  it('counts the members the row embeds', () => {
    expect(memberCount({ id: 't', name: 'SRE', team_members: [{ person_id: 'a' }, { person_id: 'b' }] })).toBe(2);
    expect(memberCount({ id: 't', name: 'SRE' })).toBe(0);
  });

  it('requires a name and starts a team with the group icon', () => {
    expect(teamsKind.validate?.({ name: '  ' })).toEqual({ name: 'This field is required' });
    expect(teamsKind.validate?.({ name: 'SRE' })).toEqual({});
    expect(teamsKind.blank()).toMatchObject({ icon: 'group' });
  });

  it('keeps the name out of an update: it is fixed once saved', () => {
    const body = bodyOf(teamsKind, { name: 'Renamed', icon: 'shield' }, { spec: { a: 1 } }, true);
    expect(body).toEqual({ icon: 'shield', spec: { a: 1 } });
  });

  it('has Members between Spec and Job History, and a soft delete', () => {
    expect(teamsKind.tabs?.map((t) => t.label)).toEqual(['Members']);
    expect(teamsKind.jobResourceType).toBe('team');
    expect(teamsKind.softDelete).toBe(true);
  });
});
