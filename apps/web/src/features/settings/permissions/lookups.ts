import type { ResourceKind, SubjectKind } from '@opsdeck/schema/permissions';
import { queryOptions } from '@tanstack/react-query';
import { fetchLookupRows } from './api.js';

/** One choice of a subject or resource picker. */
export interface Choice {
  id: string;
  label: string;
  detail?: string;
}

/** Where a picker finds its choices: a /api/db table, the columns, and how to name a row. */
interface Lookup {
  table: string;
  select: string;
  filters?: Record<string, string>;
  /** Column matched (ilike) against what is typed. */
  search: string;
  toChoice(row: Record<string, unknown>): Choice;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export const LOOKUPS: Record<Exclude<SubjectKind | ResourceKind, 'Global'>, Lookup> = {
  Team: {
    table: 'teams',
    select: 'id,name',
    filters: { deleted_at: 'is.null' },
    search: 'name',
    toChoice: (r) => ({ id: str(r.id), label: str(r.name) }),
  },
  Person: {
    table: 'people',
    select: 'id,name,email',
    filters: { deleted_at: 'is.null' },
    search: 'name',
    toChoice: (r) => ({ id: str(r.id), label: str(r.name) || str(r.email), detail: str(r.email) }),
  },
  Notification: {
    table: 'notifications',
    select: 'id,name,namespace',
    filters: { deleted_at: 'is.null' },
    search: 'name',
    toChoice: (r) => ({ id: str(r.id), label: `${str(r.namespace)}/${str(r.name)}` }),
  },
  Catalog: {
    table: 'config_items',
    select: 'id,name,type',
    filters: { deleted_at: 'is.null' },
    search: 'name',
    toChoice: (r) => ({ id: str(r.id), label: str(r.name) || str(r.id), detail: str(r.type) }),
  },
  Component: {
    table: 'components',
    select: 'id,name,type',
    filters: { deleted_at: 'is.null' },
    search: 'name',
    toChoice: (r) => ({ id: str(r.id), label: str(r.name), detail: str(r.type) }),
  },
  Connection: {
    table: 'connections',
    select: 'id,name,type',
    filters: { deleted_at: 'is.null' },
    search: 'name',
    toChoice: (r) => ({ id: str(r.id), label: str(r.name), detail: str(r.type) }),
  },
  Playbook: {
    table: 'playbooks',
    select: 'id,name',
    filters: { deleted_at: 'is.null' },
    search: 'name',
    toChoice: (r) => ({ id: str(r.id), label: str(r.name) }),
  },
};

/** Choices of a picker whose names contain `text` (50 at most), plus the chosen one by id. */
export const lookupQuery = (kind: keyof typeof LOOKUPS, text: string, chosen?: string) =>
  queryOptions({
    queryKey: ['permissions', 'lookup', kind, text, chosen ?? ''],
    queryFn: async ({ signal }) => {
      const l = LOOKUPS[kind];
      const q = text.replace(/[*,()]/g, ' ').trim();
      const rows = await fetchLookupRows(
        l.table,
        {
          select: l.select,
          ...l.filters,
          ...(q ? { [l.search]: `ilike.*${q}*` } : {}),
          order: `${l.search}.asc`,
          limit: 50,
        },
        signal,
      );
      const choices = rows.map(l.toChoice);
      if (chosen && !choices.some((c) => c.id === chosen)) {
        const [row] = await fetchLookupRows(l.table, { select: l.select, id: `eq.${chosen}` }, signal);
        if (row) choices.unshift(l.toChoice(row));
      }
      return choices;
    },
    retry: false,
    staleTime: 30_000,
  });
