import { Satellite } from 'lucide-react';
import { agentLabel, isRemoteAgent, useAgentNames } from './agentNames.js';

/** A small badge naming the agent a check, config item or component came from; nothing for local rows. */
export function AgentBadge({ agentId }: { agentId: string | null | undefined }) {
  const names = useAgentNames();
  if (!isRemoteAgent(agentId)) return null;
  const label = agentLabel(agentId, names);
  return (
    <span
      title={`Pushed by agent ${label}`}
      className="inline-flex shrink-0 items-center gap-0.5 rounded bg-sky-50 px-1.5 py-0.5 text-[11px] font-medium text-sky-800"
    >
      <Satellite className="size-3" aria-hidden />
      {label}
    </span>
  );
}
