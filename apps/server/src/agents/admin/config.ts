import { z } from 'zod';

/** Where agents get the Helm chart from: a Git repository holding deploy/helm/opsdeck (an OpsDeck checkout). */
export const agentInstallEnvSchema = z.object({
  OPSDECK_CHART_GIT_URL: z
    .string()
    .regex(/^(https?|ssh):\/\/\S+$/, 'an https://, http:// or ssh:// Git URL')
    .default('https://github.com/opsdeck/opsdeck'),
  /** A branch (`main`) or a full ref (`refs/tags/v0.1.0`). */
  OPSDECK_CHART_GIT_REF: z
    .string()
    .regex(/^[A-Za-z0-9._/-]+$/, 'a branch name or a ref such as refs/tags/v0.1.0')
    .default('main'),
});

/** What the install text of a new agent needs besides its name and token. */
export interface AgentInstallConfig {
  chartGitUrl: string;
  chartGitRef: string;
}

export function agentInstallConfigFrom(e: z.infer<typeof agentInstallEnvSchema>): AgentInstallConfig {
  return { chartGitUrl: e.OPSDECK_CHART_GIT_URL, chartGitRef: e.OPSDECK_CHART_GIT_REF };
}
