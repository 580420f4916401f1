import {
  type AgentInstall,
  agentFluxManifests,
  agentHelmCommand,
  agentServeCommand,
} from '@opsdeck/schema/agentInstall';
import { Button } from '../../../ui/Button.js';
import { Tabs } from '../../../ui/Tabs.js';
import { useCopyToClipboard } from '../../../ui/useCopyToClipboard.js';

/**
 * How to install a new agent: Helm, Flux, or the plain `opsdeck serve` command on any host. The
 * upstream is the organization's backend in hosted mode, else the origin this page is on.
 */
export function AgentInstallTabs({ agent }: { agent: { name: string; access_token: string; install: AgentInstall } }) {
  const upstreamUrl = agent.install.upstream_url ?? location.origin;
  const input = {
    upstreamUrl,
    name: agent.name,
    token: agent.access_token,
    chartGitUrl: agent.install.chart_git_url,
    chartGitRef: agent.install.chart_git_ref,
  };
  const tab = (id: string, label: string, text: string, what: string, note: string) => ({
    id,
    label,
    content: <InstallText testId={`agent-install-${id}`} text={text} what={what} note={note} />,
  });
  return (
    <div className="flex flex-col gap-2">
      <p className="text-zinc-600">
        Install the agent near what it checks, where it reaches <code className="font-mono">{upstreamUrl}</code>. It
        runs its checks, scrapers and topologies there and pushes them here.
      </p>
      <Tabs
        label="Installation Instructions"
        tabs={[
          tab(
            'helm',
            'Helm',
            agentHelmCommand(input),
            'Helm command',
            'The chart is deploy/helm/opsdeck of an OpsDeck checkout: no chart repository is published, and no image either. Build the image from the Dockerfile of that checkout, push it where the cluster pulls from and add --set image.repository=<registry>/opsdeck.',
          ),
          tab(
            'flux',
            'Flux',
            agentFluxManifests(input),
            'Flux manifests',
            'Commit these to the repository Flux reconciles, except the Secret: apply it with kubectl or encrypt it (SOPS, Sealed Secrets). No image is published: build it from the Dockerfile of the OpsDeck repository and set image.repository under values.',
          ),
          tab(
            'plain',
            'Plain',
            agentServeCommand(input),
            'command',
            'Run it in an OpsDeck checkout of this version on any host with Node.js. With DATABASE_URL set the agent keeps its data in PostgreSQL instead of the data directory.',
          ),
        ]}
      />
    </div>
  );
}

function InstallText({ testId, text, what, note }: { testId: string; text: string; what: string; note: string }) {
  const copy = useCopyToClipboard();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-2">
        <pre
          data-testid={testId}
          className="max-h-72 flex-1 overflow-auto rounded bg-zinc-900 p-3 font-mono text-xs text-zinc-100"
        >
          {text}
        </pre>
        <Button
          size="sm"
          aria-label={`Copy ${what}`}
          onClick={() => copy(text, `${what[0]?.toUpperCase()}${what.slice(1)} copied to clipboard`)}
        >
          Copy
        </Button>
      </div>
      <p className="text-xs text-zinc-500">{note}</p>
    </div>
  );
}
