import { organizationsResponseSchema } from '@opsdeck/schema/organizations';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.js';
import { buildRoutes } from '../../app/router.js';
import { orgNavigation } from './OrganizationSwitcher.js';
import { clearOrganizationData, switchTarget } from './switching.js';

// what the server answers (apps/server/src/organizations/routes.ts), checked against the shared schema
const hosted = organizationsResponseSchema.parse({
  hosted: true,
  current: { id: 'acme', name: 'Acme', url: 'http://acme.example', direct: false, ready: true },
  organizations: [
    { id: 'acme', name: 'Acme', url: 'http://acme.example', direct: false, ready: true },
    { id: 'globex', name: 'Globex', url: 'http://globex.example', direct: false, ready: true },
    { id: 'initech', name: 'initech', url: null, direct: false, ready: false },
  ],
});

let answers: Record<string, unknown>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answers = {
    '/api/auth/whoami': { payload: { user: { id: 'u1', name: 'Sam' }, roles: ['admin'], permissions: [] } },
    '/api/properties': [],
    '/api/canary/about': { backend: '0.1.0' },
    '/api/organizations': hosted,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const body = answers[input.split('?')[0] ?? ''];
      return Promise.resolve(body === undefined ? json(404, { error: 'not_found', message: 'x' }) : json(200, body));
    }),
  );
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('organization switcher', () => {
  it('lists the person’s organizations and goes to the picked one’s backend', async () => {
    const go = vi.spyOn(orgNavigation, 'go').mockImplementation(() => undefined);
    renderAt('/health');
    fireEvent.click(await screen.findByRole('button', { name: 'Organization' }));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Acme', 'Globex', 'initech (provisioning)']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Globex' }));
    expect(go).toHaveBeenCalledWith('http://globex.example/organizations/orgs-switched');
  });

  it('is absent outside hosted mode', async () => {
    answers['/api/organizations'] = organizationsResponseSchema.parse({
      hosted: false,
      current: null,
      organizations: [],
    });
    renderAt('/health');
    await screen.findByRole('button', { name: 'User menu' });
    expect(screen.queryByRole('button', { name: 'Organization' })).toBeNull();
  });

  it('sends an organization without a backend to the provisioning screen', async () => {
    expect(switchTarget(hosted.organizations[2] as (typeof hosted.organizations)[number])).toBe(
      '/organizations/provisioning?org=initech',
    );
    renderAt('/organizations/provisioning?org=initech');
    await screen.findByRole('heading', { name: 'Instance provisioning in-progress' });
    await screen.findByText(/The backend of initech is being created/);
  });
});

describe('/organizations/orgs-switched', () => {
  it('clears cached answers and organization keys, keeps display preferences, then opens /topology', async () => {
    localStorage.setItem('datetime_preference', '"relative"');
    localStorage.setItem('last-view', 'x');
    const router = renderAt('/organizations/orgs-switched');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/topology'));
    expect(localStorage.getItem('last-view')).toBeNull();
    expect(localStorage.getItem('datetime_preference')).toBe('"relative"');
  });

  it('empties the query cache', () => {
    const client = new QueryClient();
    client.setQueryData(['catalog'], [{ id: 1 }]);
    clearOrganizationData(client);
    expect(client.getQueryData(['catalog'])).toBeUndefined();
  });
});
