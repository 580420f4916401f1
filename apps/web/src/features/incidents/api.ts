import type {
  EvidenceType,
  HypothesisStatus,
  HypothesisType,
  IncidentSeverity,
  IncidentStatus,
  IncidentType,
} from '@opsdeck/schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.js';
import { fetchPage } from '../../api/postgrest.js';

/** A person or team as the incident views embed them. */
export interface PersonRef {
  id: string;
  name: string;
  avatar?: string | null;
  email?: string | null;
}

/** A row of the incident_summary view (the incidents list). */
export interface IncidentSummaryRow {
  id: string;
  incident_id: string;
  title: string;
  severity: IncidentSeverity;
  type: IncidentType;
  status: IncidentStatus;
  created_by: string;
  commander_id: string | null;
  created_at: string;
  updated_at: string;
  commander: PersonRef | null;
  creator: PersonRef | null;
  responders: PersonRef[] | null;
}

/** One incident with its creator, commander and communicator embedded. */
export interface Incident {
  id: string;
  incident_id: string;
  title: string;
  description: string;
  severity: IncidentSeverity;
  type: IncidentType;
  status: IncidentStatus;
  created_by: string;
  commander_id: string | null;
  communicator_id: string | null;
  created_at: string;
  updated_at: string;
  resolved: string | null;
  closed: string | null;
  /** Shown on the public status pages (migration 270). */
  public: boolean;
  creator: PersonRef | null;
}

export interface Evidence {
  id: string;
  hypothesis_id: string;
  type: EvidenceType;
  description: string;
  check_id: string | null;
  config_id: string | null;
  config_change_id: string | null;
  config_analysis_id: string | null;
  component_id: string | null;
  definition_of_done: boolean | null;
  done: boolean | null;
  evidence: unknown;
  script: string | null;
  created_at: string;
}

export interface Hypothesis {
  id: string;
  incident_id: string;
  parent_id: string | null;
  type: HypothesisType;
  status: HypothesisStatus;
  title: string;
  created_at: string;
  created_by: PersonRef | null;
  evidences: Evidence[];
}

export interface Responder {
  id: string;
  type: string;
  person_id: string | null;
  team_id: string | null;
  created_at: string;
  person: PersonRef | null;
  team: { id: string; name: string; icon?: string | null } | null;
}

/** A row of the incident's timeline (written by the database triggers). */
export interface HistoryEntry {
  id: string;
  type: string | null;
  description: string | null;
  hypothesis_id: string | null;
  responder_id: string | null;
  evidence_id: string | null;
  comment_id: string | null;
  created_at: string;
  created_by: PersonRef | null;
}

export interface Comment {
  id: string;
  comment: string;
  hypothesis_id: string | null;
  created_at: string;
  created_by: PersonRef | null;
}

export interface Team {
  id: string;
  name: string;
  icon?: string | null;
}

/** Filters of the incidents list; each is a value of its column or unset. */
export interface IncidentFilters {
  status?: string;
  severity?: string;
  type?: string;
  /** The person who declared the incident (`created_by`). */
  owner?: string;
}

export interface IncidentListQuery extends IncidentFilters {
  pageIndex: number;
  pageSize: number;
  sortBy?: string;
  sortOrder: 'asc' | 'desc';
}

const DB = '/api/db';
const PERSON = 'id,name,avatar';
const FIVE_MINUTES = 5 * 60_000;

const eq = (v: string | undefined) => (v ? `eq.${v}` : undefined);

/** Query keys start with 'incidents'; a write invalidates that incident (or all of them). */
export const incidentQueries = {
  all: ['incidents'] as const,
  list: (q: IncidentListQuery) =>
    queryOptions({
      queryKey: [...incidentQueries.all, 'list', q],
      queryFn: ({ signal }) =>
        fetchPage<IncidentSummaryRow>(`${DB}/incident_summary`, {
          select:
            'id,incident_id,title,severity,type,status,created_by,commander_id,created_at,updated_at,commander,creator,responders',
          filters: { status: eq(q.status), severity: eq(q.severity), type: eq(q.type), created_by: eq(q.owner) },
          sortBy: q.sortBy,
          sortOrder: q.sortOrder,
          pageIndex: q.pageIndex,
          pageSize: q.pageSize,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  /** Incidents still being worked on, newest first, for the Link to Incident picker. */
  active: () =>
    queryOptions({
      queryKey: [...incidentQueries.all, 'active'],
      queryFn: ({ signal }) =>
        api.get<Pick<Incident, 'id' | 'incident_id' | 'title' | 'status'>[]>(`${DB}/incidents`, {
          params: {
            select: 'id,incident_id,title,status',
            status: 'in.(new,open,investigating,mitigated)',
            order: 'created_at.desc',
            limit: 200,
          },
          signal,
        }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...incidentQueries.all, id, 'detail'],
      queryFn: async ({ signal }) => {
        const rows = await api.get<Incident[]>(`${DB}/incidents`, {
          params: { select: `*,creator:created_by(${PERSON})`, id: `eq.${id}` },
          signal,
        });
        return rows[0] ?? null;
      },
    }),
  hypotheses: (incidentId: string) =>
    queryOptions({
      queryKey: [...incidentQueries.all, incidentId, 'hypotheses'],
      queryFn: ({ signal }) =>
        api.get<Hypothesis[]>(`${DB}/hypotheses`, {
          params: {
            select: `id,incident_id,parent_id,type,status,title,created_at,created_by(${PERSON}),evidences(*)`,
            incident_id: `eq.${incidentId}`,
            order: 'created_at.asc',
          },
          signal,
        }),
    }),
  responders: (incidentId: string) =>
    queryOptions({
      queryKey: [...incidentQueries.all, incidentId, 'responders'],
      queryFn: ({ signal }) =>
        api.get<Responder[]>(`${DB}/responders`, {
          params: {
            select: `id,type,person_id,team_id,created_at,person:person_id(${PERSON},email),team:team_id(id,name,icon)`,
            incident_id: `eq.${incidentId}`,
            deleted_at: 'is.null',
            order: 'created_at.asc',
          },
          signal,
        }),
    }),
  history: (incidentId: string) =>
    queryOptions({
      queryKey: [...incidentQueries.all, incidentId, 'history'],
      queryFn: ({ signal }) =>
        api.get<HistoryEntry[]>(`${DB}/incident_histories`, {
          params: {
            select: `id,type,description,hypothesis_id,responder_id,evidence_id,comment_id,created_at,created_by(${PERSON})`,
            incident_id: `eq.${incidentId}`,
            order: 'created_at.desc,id.desc',
          },
          signal,
        }),
    }),
  comments: (incidentId: string) =>
    queryOptions({
      queryKey: [...incidentQueries.all, incidentId, 'comments'],
      queryFn: ({ signal }) =>
        api.get<Comment[]>(`${DB}/comments`, {
          params: {
            select: `id,comment,hypothesis_id,created_at,created_by(${PERSON})`,
            incident_id: `eq.${incidentId}`,
            order: 'created_at.asc',
          },
          signal,
        }),
    }),
};

/** People and teams to pick commanders and responders from (lookups: 5 minutes stale time). */
export const directoryQueries = {
  people: () =>
    queryOptions({
      queryKey: ['people', 'directory'],
      queryFn: ({ signal }) =>
        api.get<PersonRef[]>(`${DB}/people`, {
          params: { select: 'id,name,email,avatar', deleted_at: 'is.null', order: 'name.asc', limit: 1000 },
          signal,
        }),
      staleTime: FIVE_MINUTES,
    }),
  teams: () =>
    queryOptions({
      queryKey: ['teams', 'directory'],
      queryFn: ({ signal }) =>
        api.get<Team[]>(`${DB}/teams`, {
          params: { select: 'id,name,icon', deleted_at: 'is.null', order: 'name.asc', limit: 1000 },
          signal,
        }),
      staleTime: FIVE_MINUTES,
    }),
};

const representation = { headers: { Prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' } };
const minimal = { headers: { Prefer: 'return=minimal' } };
const byId = (id: string) => ({ ...minimal, params: { id: `eq.${id}` } });

/** Declares an incident and returns it (its short id comes from the server). */
export function createIncident(body: {
  title: string;
  severity: string;
  type: string;
  description?: string;
  commander_id?: string | null;
}) {
  return api.post<Incident>(`${DB}/incidents`, body, representation);
}

/** Changes columns of an incident: title, status, severity, type, commander, communicator. */
export function updateIncident(id: string, patch: Partial<Omit<Incident, 'id' | 'creator'>>) {
  return api.patch(`${DB}/incidents`, patch, byId(id));
}

export function createHypothesis(body: {
  incident_id: string;
  title: string;
  type: HypothesisType;
  parent_id?: string | null;
  status?: HypothesisStatus;
}) {
  return api.post<Hypothesis>(`${DB}/hypotheses`, body, representation);
}

export function updateHypothesis(id: string, patch: { status?: HypothesisStatus; title?: string }) {
  return api.patch(`${DB}/hypotheses`, patch, byId(id));
}

/** Deleting a hypothesis takes its sub-hypotheses, comments and evidence with it (server side). */
export function deleteHypothesis(id: string) {
  return api.delete(`${DB}/hypotheses`, { params: { id: `eq.${id}` } });
}

/** What an evidence row may point at: one check, config item or topology component. */
export interface EvidenceTarget {
  check_id?: string;
  config_id?: string;
  component_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
}

export function createEvidence(
  body: EvidenceTarget & { hypothesis_id: string; type: EvidenceType; description?: string; evidence?: unknown },
) {
  return api.post<Evidence>(`${DB}/evidences`, body, representation);
}

export function updateEvidence(id: string, patch: { definition_of_done?: boolean; done?: boolean | null }) {
  return api.patch(`${DB}/evidences`, patch, byId(id));
}

export function addResponder(body: { incident_id: string; person_id?: string; team_id?: string }) {
  return api.post(`${DB}/responders`, body, minimal);
}

/** Responders are soft-deleted, so the timeline keeps who helped. */
export function removeResponder(id: string) {
  return api.patch(`${DB}/responders`, { deleted_at: new Date().toISOString() }, byId(id));
}

export function addComment(body: { incident_id: string; comment: string; hypothesis_id?: string }) {
  return api.post(`${DB}/comments`, body, minimal);
}
