import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../ui/Toasts.js';
import { AgentInstallTabs } from './AgentInstallTabs.js';

const install = { upstream_url: null, chart_git_url: 'https://git.example/ops/opsdeck', chart_git_ref: 'main' };
const mount = (upstream_url: string | null) =>
  render(
    <ToastProvider>
      <AgentInstallTabs agent={{ name: 'edge', access_token: 'opsdeck_at_x', install: { ...install, upstream_url } }} />
    </ToastProvider>,
  );

afterEach(cleanup);

describe('AgentInstallTabs', () => {
  it('offers Helm, Flux and Plain, pointing the agent at the origin this page is on', () => {
    mount(null);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Helm', 'Flux', 'Plain']);
    const helm = screen.getByTestId('agent-install-helm').textContent;
    expect(helm).toContain(`--set-string upstream.url='${location.origin}'`);
    expect(helm).toContain("'https://git.example/ops/opsdeck' opsdeck");
    fireEvent.click(screen.getByRole('tab', { name: 'Flux' }));
    expect(screen.getByTestId('agent-install-flux').textContent).toContain('url: "https://git.example/ops/opsdeck"');
  });

  it("points it at the organization's backend in hosted mode", () => {
    mount('https://acme.ops.example');
    expect(screen.getByText('https://acme.ops.example')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Plain' }));
    expect(screen.getByTestId('agent-install-plain').textContent).toContain(
      "OPSDECK_UPSTREAM_URL='https://acme.ops.example' \\",
    );
  });
});
