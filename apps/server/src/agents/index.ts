// What other domains may import from agents: the routes the app mounts, agent mode's start, the
// configuration, and the two checks a domain serving agent-owned rows needs (which agent a row
// belongs to; whether stored code from an agent may run). admin/ is the Agents settings page
// (registration, tokens, trust), upstream/ the endpoints a hub serves its agents, agent/ the
// client side an OpsDeck in agent mode runs against its upstream.

export type { AgentInstallConfig } from './admin/config.js';
export { exposeAgents } from './admin/exposed.js';
export { agentRoutes } from './admin/routes.js';
export { startUpstream } from './agent/agent.js';
export type { UpstreamConfig } from './agent/config.js';
export { assertAgent } from './upstream/assigned.js';
export { storedAgentCodeRefusal } from './upstream/codeGate.js';
export { upstreamRoutes } from './upstream/routes.js';
