import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { resourceQueries } from '../resources/api.js';

/** A member of a team (id, name, email, avatar). */
export interface TeamMember {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
}

/** A person who can be added to a team. */
export type Person = TeamMember;

const MEMBERS = '/api/db/team_members';

/** Queries of a team's members and of everyone who could join; the team itself is the generic editor's. */
export const teamQueries = {
  // under the generic editor's key: a change of members refreshes the team's row and the list
  all: resourceQueries.all('teams'),
  members: (teamId: string) =>
    queryOptions({
      queryKey: [...teamQueries.all, 'members', teamId],
      queryFn: async ({ signal }) => {
        const rows = await api.get<Array<{ person: TeamMember | null }>>(MEMBERS, {
          params: { team_id: `eq.${teamId}`, select: 'person:person_id(id,name,email,avatar)' },
          signal,
        });
        return rows
          .map((r) => r.person)
          .filter((p): p is TeamMember => !!p)
          .sort((a, b) => a.name.localeCompare(b.name));
      },
    }),
  /** Everyone who could join a team: all users. */
  people: () =>
    queryOptions({
      queryKey: ['people', 'all'],
      queryFn: ({ signal }) =>
        api.get<Person[]>('/api/db/people', {
          params: { select: 'id,name,email,avatar', deleted_at: 'is.null', order: 'name.asc', limit: 1000 },
          signal,
        }),
      staleTime: 60_000,
    }),
};

/** Adds people to a team in one request. */
export function addMembers(teamId: string, personIds: string[]) {
  return api.post(
    MEMBERS,
    personIds.map((person_id) => ({ team_id: teamId, person_id })),
    { headers: { Prefer: 'return=minimal' } },
  );
}

/** Removes one person from a team. */
export function removeMember(teamId: string, personId: string) {
  return api.delete(MEMBERS, { params: { team_id: `eq.${teamId}`, person_id: `eq.${personId}` } });
}
