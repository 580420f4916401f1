import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';

/** A team as the list shows it, with its member ids for the count. */
export interface TeamRow {
  id: string;
  name: string;
  icon: string | null;
  spec: unknown;
  created_at: string;
  updated_at: string;
  team_members?: Array<{ person_id: string }>;
}

/** A member of a team (spec part 2 section 3: id, name, email, avatar). */
export interface TeamMember {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
}

/** A person who can be added to a team. */
export type Person = TeamMember;

const TEAMS = '/api/db/teams';
const MEMBERS = '/api/db/team_members';

export const teamQueries = {
  all: ['teams'] as const,
  list: (q: { pageIndex: number; pageSize: number; sortBy?: string; sortOrder: 'asc' | 'desc' }) =>
    queryOptions({
      queryKey: [...teamQueries.all, 'list', q],
      queryFn: ({ signal }) =>
        fetchPage<TeamRow>(TEAMS, {
          select: 'id,name,icon,spec,created_at,updated_at,team_members(person_id)',
          filters: { deleted_at: 'is.null' },
          ...q,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...teamQueries.all, 'detail', id],
      queryFn: async ({ signal }) => {
        const rows = await api.get<TeamRow[]>(TEAMS, {
          params: { id: `eq.${id}`, deleted_at: 'is.null', select: 'id,name,icon,spec,created_at,updated_at' },
          signal,
        });
        return rows[0] ?? null;
      },
    }),
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
  /** Everyone who could join a team: all users (spec part 2 section 7). */
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

/** Creates a team; `group` is the default icon of a team (spec part 2 section 3). */
export function createTeam(name: string) {
  return api.post(TEAMS, { name, icon: 'group' }, { headers: { Prefer: 'return=minimal' } });
}

/** Soft-deletes a team: deleted_at is set to now (spec part 1 section 4). */
export function deleteTeam(id: string) {
  return api.patch(TEAMS, { deleted_at: new Date().toISOString() }, { params: { id: `eq.${id}` } });
}

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
