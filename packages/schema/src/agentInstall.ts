/**
 * How to start an agent, shown once with its new token (Settings › Agents): the environment an
 * OpsDeck process needs to run as this agent and push to `upstreamUrl`, and the command that
 * starts it from an OpsDeck checkout. The server's tests start a real agent from this text.
 * The Helm and Flux texts are in agentInstallKube.ts.
 */
export interface AgentInstallInput {
  upstreamUrl: string;
  name: string;
  token: string;
}

/** `install` of `POST /api/agent/generate`: what the install texts need besides the name and token. */
export interface AgentInstall {
  /** The organization's backend URL in hosted organization mode; null: the browser's origin. */
  upstream_url: string | null;
  /** The Git repository holding the chart (OPSDECK_CHART_GIT_URL). */
  chart_git_url: string;
  /** Its branch, or a full ref such as `refs/tags/v0.1.0` (OPSDECK_CHART_GIT_REF). */
  chart_git_ref: string;
}

export { agentFluxManifests, agentHelmCommand, type KubeInstallInput } from './agentInstallKube.js';

/** The environment of an agent process (docs/agents.md). */
export function agentEnvironment(a: AgentInstallInput): Record<string, string> {
  return {
    OPSDECK_UPSTREAM_URL: a.upstreamUrl.replace(/\/+$/, ''),
    OPSDECK_AGENT_NAME: a.name,
    OPSDECK_UPSTREAM_TOKEN: a.token,
    OPSDECK_DATA_DIR: `./opsdeck-agent-${a.name}`,
    OPSDECK_SAMPLE_DATA: 'false',
  };
}

/** Single-quoted for a POSIX shell: nothing inside is expanded. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `VAR='value' \` lines, then `npm start -- --port 8081` (run in an OpsDeck checkout). */
export function agentServeCommand(a: AgentInstallInput, port = 8081): string {
  const env = Object.entries(agentEnvironment(a)).map(([k, v]) => `${k}=${shellQuote(v)} \\`);
  return [...env, `  npm start -- --port ${port}`].join('\n');
}

/** Reads `VAR='value' \` lines back (the tests start the agent from the shown text). */
export function parseServeCommand(text: string): { env: Record<string, string>; args: string[] } {
  const env: Record<string, string> = {};
  let args: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^([A-Z_]+)='((?:[^']|'\\'')*)' \\$/.exec(line.trim());
    if (m) env[m[1] as string] = (m[2] as string).replace(/'\\''/g, "'");
    else if (line.trim().startsWith('npm start --')) args = line.trim().split(/\s+/).slice(3);
  }
  return { env, args };
}
