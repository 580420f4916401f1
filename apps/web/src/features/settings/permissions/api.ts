import type { ObjectSelector } from '@opsdeck/schema/permissions';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.js';
import { fetchPage } from '../../../api/postgrest.js';
import type { GrantRow } from '../resources/kinds/notificationGrant.js';

/** A row of `permissions_summary`: the permission and the names of what it speaks about. */
export interface PermissionRow {
  id: string;
  action: string;
  deny: boolean;
  object: string | null;
  object_selector: ObjectSelector | null;
  description: string | null;
  source: string;
  /** A group's name when subject_type is 'group' (a PermissionGroup applied from YAML). */
  subject?: string | null;
  subject_type?: string | null;
  until: string | null;
  person_id: string | null;
  team_id: string | null;
  notification_id: string | null;
  config_id: string | null;
  component_id: string | null;
  connection_id: string | null;
  playbook_id: string | null;
  canary_id: string | null;
  created_at: string;
  updated_at: string;
  subject_name: string | null;
  team: { id: string; name: string } | null;
  person: { id: string; name: string; email: string | null; avatar: string | null } | null;
  notification: { id: string; name: string; namespace: string } | null;
  catalog: { id: string; name: string | null; type: string } | null;
  connection: { id: string; name: string; type: string } | null;
  canary: { id: string; name: string } | null;
  playbook?: { id: string; name: string; namespace: string; title: string | null } | null;
  component?: { id: string; name: string; type: string | null } | null;
  createdBy: { id: string; name: string; avatar: string | null } | null;
}

/** The columns a permission is written with (POST body or PATCH). */
export type PermissionInput = Pick<
  PermissionRow,
  | 'action'
  | 'deny'
  | 'object'
  | 'object_selector'
  | 'description'
  | 'until'
  | 'person_id'
  | 'team_id'
  | 'notification_id'
  | 'config_id'
  | 'component_id'
  | 'connection_id'
  | 'playbook_id'
>;

const SUMMARY = '/api/db/permissions_summary';
const PERMISSIONS = '/api/db/permissions';

/** Which rows a permissions table shows: all, or those about one resource or one subject (a tab of it). */
export type PermissionScope = Partial<
  Record<'config_id' | 'component_id' | 'connection_id' | 'playbook_id' | 'notification_id' | 'team_id', string>
>;

export const permissionQueries = {
  all: ['permissions'] as const,
  summary: (q: {
    pageIndex: number;
    pageSize: number;
    sortBy?: string;
    sortOrder: 'asc' | 'desc';
    scope?: PermissionScope;
  }) =>
    queryOptions({
      queryKey: [...permissionQueries.all, 'summary', q],
      queryFn: ({ signal }) =>
        fetchPage<PermissionRow>(SUMMARY, {
          select: '*',
          filters: Object.fromEntries(Object.entries(q.scope ?? {}).map(([k, v]) => [k, `eq.${v}`])),
          pageIndex: q.pageIndex,
          pageSize: q.pageSize,
          sortBy: q.sortBy,
          sortOrder: q.sortOrder,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
};

/** Creates a permission; `created_by` is filled by the server from the signed-in person. */
export const createPermission = (body: PermissionInput) => api.post(PERMISSIONS, body);

/** Updates a permission; `updated_by` is filled by the server. */
export const updatePermission = (id: string, body: PermissionInput) =>
  api.patch(PERMISSIONS, body, { params: { id: `eq.${id}` } });

/** Deletes a permission. */
export const deletePermission = (id: string) => api.delete(PERMISSIONS, { params: { id: `eq.${id}` } });

/** The live permissions whose subject is notification rule `notificationId`. */
export function fetchNotificationGrants(notificationId: string, signal?: AbortSignal): Promise<GrantRow[]> {
  return api.get<GrantRow[]>('/api/db/permissions', {
    params: {
      select: 'id,action,deny,object,playbook_id,config_id,component_id,canary_id,connection_id,object_selector,until',
      notification_id: `eq.${notificationId}`,
      deleted_at: 'is.null',
    },
    signal,
  });
}

/** Rows of a table a permission picker looks names up in, with PostgREST query parameters. */
export function fetchLookupRows(
  table: string,
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Array<Record<string, unknown>>> {
  return api.get<Array<Record<string, unknown>>>(`/api/db/${table}`, { params, signal });
}
