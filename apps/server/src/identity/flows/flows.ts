import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { randomSecret } from '../../crypto/tokens.js';
import type { IdentityDeps } from '../deps.js';
import { apiUrl } from '../http.js';
import { identityJson } from '../people/identities.js';
import { pruneExpired } from '../prune.js';
import type { FlowKind, SelfserviceFlowsTable } from '../tables.js';
import type { UiText } from './text.js';
import { applyFieldState, csrfNode, type UiNode } from './ui.js';

export type FlowRow = Selectable<SelfserviceFlowsTable>;

/** What a flow's form shows besides its nodes: flow messages, field messages, echoed values. */
export interface FlowUiState {
  messages: UiText[];
  fields: Record<string, UiText[]>;
  values: Record<string, unknown>;
}

/** The web app page that renders each flow (`<page>?flow=<id>`). */
export const UI_PATHS: Record<FlowKind | 'error' | 'default', string> = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
  error: '/error',
  default: '/',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewFlow {
  kind: FlowKind;
  type: 'browser' | 'api';
  state: string;
  requestUrl: string;
  returnTo?: string | undefined;
  refresh?: boolean;
  requestedAal?: 'aal1' | 'aal2';
  identityId?: string | undefined;
  csrfToken?: string;
  internal?: Record<string, unknown>;
  ui?: Partial<FlowUiState>;
  lifespanMs?: number;
}

/** Stores a new flow; browser flows get an anti-CSRF token unless one is given. */
export async function createFlow(deps: IdentityDeps, f: NewFlow): Promise<FlowRow> {
  await pruneExpired(deps).catch((err: unknown) => deps.log.warn({ err }, 'pruning expired identity rows failed'));
  const now = deps.clock.now();
  return deps.db.kysely
    .insertInto('selfservice_flows')
    .values({
      kind: f.kind,
      type: f.type,
      state: f.state,
      request_url: f.requestUrl,
      return_to: f.returnTo ?? null,
      refresh: f.refresh ?? false,
      requested_aal: f.requestedAal ?? 'aal1',
      identity_id: f.identityId ?? null,
      csrf_token: f.type === 'browser' ? (f.csrfToken ?? randomSecret()) : '',
      ui: JSON.stringify({ messages: [], fields: {}, values: {}, ...f.ui }),
      internal: JSON.stringify(f.internal ?? {}),
      issued_at: now,
      expires_at: new Date(now.getTime() + (f.lifespanMs ?? deps.config.identity.flowLifespanMs)),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A flow of `kind` by id, or undefined (also for ids that are not UUIDs). */
export async function loadFlow(deps: IdentityDeps, kind: FlowKind, id: unknown): Promise<FlowRow | undefined> {
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
  return deps.db.kysely
    .selectFrom('selfservice_flows')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export interface FlowPatch {
  state?: string;
  active?: string | null;
  ui?: Partial<FlowUiState>;
  internal?: Record<string, unknown>;
  identityId?: string;
  csrfToken?: string;
}

/** Applies a patch; `ui` replaces the form state, `internal` merges. */
export async function updateFlow(deps: IdentityDeps, flow: FlowRow, patch: FlowPatch): Promise<FlowRow> {
  const ui: FlowUiState = { messages: [], fields: {}, values: {}, ...patch.ui };
  return deps.db.kysely
    .updateTable('selfservice_flows')
    .set({
      ...(patch.state ? { state: patch.state } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      ...(patch.ui ? { ui: JSON.stringify(ui) } : {}),
      ...(patch.internal ? { internal: JSON.stringify({ ...internalOf(flow), ...patch.internal }) } : {}),
      ...(patch.identityId ? { identity_id: patch.identityId } : {}),
      ...(patch.csrfToken ? { csrf_token: patch.csrfToken } : {}),
    })
    .where('id', '=', flow.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The server-only state of a flow. */
export function internalOf<T extends Record<string, unknown> = Record<string, unknown>>(flow: FlowRow): T {
  return (flow.internal ?? {}) as T;
}

/** Renders the nodes of a flow (without the CSRF node): one renderer per flow kind. */
export type NodeRenderer = (deps: IdentityDeps, flow: FlowRow, request: FastifyRequest) => Promise<UiNode[]>;

/** The flow object as Kratos returns it (`loginFlow`, `registrationFlow`, ...). */
export async function flowJson(
  deps: IdentityDeps,
  request: FastifyRequest,
  flow: FlowRow,
  render: NodeRenderer,
): Promise<Record<string, unknown>> {
  const ui = flow.ui as FlowUiState;
  let nodes = await render(deps, flow, request);
  if (flow.type === 'browser') nodes = [csrfNode(flow.csrf_token), ...nodes];
  nodes = applyFieldState(nodes, ui.values ?? {}, ui.fields ?? {});
  const internal = internalOf<{ continue_with?: unknown[] }>(flow);
  const body: Record<string, unknown> = {
    id: flow.id,
    type: flow.type,
    expires_at: flow.expires_at.toISOString(),
    issued_at: flow.issued_at.toISOString(),
    request_url: flow.request_url,
    ...(flow.return_to ? { return_to: flow.return_to } : {}),
    ...(flow.active ? { active: flow.active } : {}),
    ui: {
      action: apiUrl(request, deps.config.identity, `/self-service/${flow.kind}?flow=${flow.id}`),
      method: 'POST',
      nodes,
      ...(ui.messages?.length ? { messages: ui.messages } : {}),
    },
    state: flow.state,
    created_at: flow.created_at.toISOString(),
    updated_at: flow.updated_at.toISOString(),
  };
  if (flow.kind === 'login') {
    body.refresh = flow.refresh;
    body.requested_aal = flow.requested_aal;
    body.organization_id = null;
  }
  if (flow.kind === 'settings' && flow.identity_id) {
    body.identity = await identityJson(deps.db.kysely, flow.identity_id);
  }
  if (internal.continue_with?.length) body.continue_with = internal.continue_with;
  return body;
}
