import { useSession } from '../../../../app/session.js';
import { Age } from '../../../../ui/Age.js';
import { TeamMembers } from '../../teams/TeamMembers.js';
import type { KindPartProps, ResourceKind, ResourceRow } from '../types.js';

/** How many people are in a team, from the `team_members(person_id)` the list and detail embed. */
export function memberCount(row: ResourceRow): number {
  return Array.isArray(row.team_members) ? row.team_members.length : 0;
}

/** The Members tab: who is in the team, add people, remove one (identity administrators). */
function MembersTab({ row }: KindPartProps & { row: ResourceRow }) {
  const session = useSession();
  return <TeamMembers teamId={row.id} canEdit={session.can('identities', 'update')} />;
}

const REQUIRED = 'This field is required';

/**
 * Teams: name (fixed once saved) and icon (default `group`) on the form, the team's spec as YAML;
 * a Members tab; Job History of the team's jobs. Deleting sets `deleted_at`: people, notification
 * rules, incidents and playbook approvals refer to teams.
 */
export const teamsKind: ResourceKind = {
  table: 'teams',
  title: 'Teams',
  noun: 'team',
  resource: 'identities',
  listRelation: 'teams_with_status',
  listSelect: 'id,name,icon,source,created_at,updated_at,team_members(person_id)',
  columns: [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => <span className="font-medium">{r.name}</span> },
    { id: 'members', header: 'Members', cell: (r) => <span className="tabular-nums">{memberCount(r)}</span> },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
    {
      id: 'created_at',
      header: 'Created',
      sortable: true,
      cell: (r) => <Age date={r.created_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect: 'id,name,icon,spec,source,created_at,updated_at,team_members(person_id)',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, fixedOnceSaved: true },
    { name: 'icon', label: 'Icon', kind: 'text', placeholder: 'group' },
  ],
  yamlColumns: ['spec'],
  blank: () => ({ name: '', icon: 'group', spec: {} }),
  validate: (v): Record<string, string> => (String(v.name ?? '').trim() ? {} : { name: REQUIRED }),
  tabs: [{ id: 'members', label: 'Members', count: memberCount, content: MembersTab }],
  jobResourceType: 'team',
  crdKind: 'Team',
  softDelete: true,
};
