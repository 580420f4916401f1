import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAgentNames } from './api.js';

/** The reserved all-zero agent id: the row is this OpsDeck's own ("local"). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export const isRemoteAgent = (id: string | null | undefined): id is string => !!id && id !== LOCAL_AGENT_ID;

const agentNamesQuery = queryOptions({
  queryKey: ['agents', 'names'],
  queryFn: async ({ signal }) => new Map((await fetchAgentNames(signal)).map((r) => [r.id, r.name])),
  staleTime: 60_000,
  // people who may not read agents still see badges, with the id's start instead of the name
  retry: false,
});

/** Agent names by id (deleted ones too: their rows still name them); empty while loading or not allowed. */
export function useAgentNames(): Map<string, string> {
  return useQuery(agentNamesQuery).data ?? EMPTY;
}
const EMPTY = new Map<string, string>();

/** How an agent id reads: "local" for none, its name, or its id's start when the name is unknown. */
export function agentLabel(id: string | null | undefined, names: Map<string, string>): string {
  if (!isRemoteAgent(id)) return 'local';
  return names.get(id) ?? `agent ${id.slice(0, 8)}`;
}
