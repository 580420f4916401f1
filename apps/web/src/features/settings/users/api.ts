import type { Role } from '@opsdeck/schema/rbac';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';

/** A row of `people_roles`: a person, their identity state and roles. */
export interface UserRow {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  roles: Role[] | null;
  state: string | null;
  created_at: string;
  last_login: string | null;
}

/** Roles an administrator can give a person (agents are machines, not people). */
export const ASSIGNABLE_ROLES = [
  'admin',
  'editor',
  'commander',
  'responder',
  'viewer',
  'guest',
] as const satisfies readonly Role[];

export const userQueries = {
  all: ['people'] as const,
  list: (q: { pageIndex: number; pageSize: number; sortBy?: string; sortOrder: 'asc' | 'desc' }) =>
    queryOptions({
      queryKey: [...userQueries.all, 'users', q],
      queryFn: ({ signal }) =>
        fetchPage<UserRow>('/api/db/people_roles', {
          select: 'id,name,email,avatar,roles,state,created_at,last_login',
          ...q,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};

/** `POST /api/auth/invite_user`: creates the account and emails a link to set a password. */
export function inviteUser(body: { firstName: string; lastName: string; email: string; role: Role }) {
  return api.post('/api/auth/invite_user', body);
}

/** Gives a person exactly this role. */
export function updateRole(id: string, role: Role) {
  return api.post(`/api/rbac/${encodeURIComponent(id)}/update_role`, { role });
}

/** Deletes a person's account: identity, sessions, tokens, roles and team memberships. */
export function deleteUser(id: string) {
  return api.delete(`/api/people/${encodeURIComponent(id)}`);
}
