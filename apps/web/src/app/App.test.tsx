import { viewSummarySchema } from '@opsdeck/schema/view';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers.js';
import { buildRoutes } from './router.js';

type Answer = { status: number; body?: unknown } | 'network-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const admin = {
  payload: { user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }, roles: ['admin'], permissions: [] },
};

let answers: Record<string, Answer>;

function serve(url: string): Promise<Response> {
  const path = url.split('?')[0] ?? '';
  const answer = answers[path] ?? { status: 404, body: { error: 'not_found', message: 'not found' } };
  if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
  return Promise.resolve(json(answer.status, answer.body ?? {}));
}

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  answers = {
    '/api/auth/whoami': { status: 200, body: admin },
    '/api/properties': { status: 200, body: [] },
    '/api/canary/about': { status: 200, body: { backend: '0.1.0' } },
    // the row shape the server answers (views_summary), checked against the shared schema
    '/api/config/views_summary': {
      status: 200,
      body: [
        viewSummarySchema.parse({
          id: 'v1',
          name: 'pods',
          namespace: 'default',
          title: 'Pods',
          icon: 'kubernetes',
          ordinal: 1,
          sidebar: true,
        }),
      ],
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => serve(input)),
  );
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('app load', () => {
  it('lists the screens, the views flagged for the sidebar and Settings', async () => {
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Pods' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Dashboard',
      'Health',
      'Objectives',
      'Incidents',
      'Catalog',
      'Logs',
      'Playbooks',
      'Applications',
      'Pods',
    ]);
    expect(within(nav).getByRole('link', { name: 'Pods' }).getAttribute('href')).toBe('/views/v1');
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
  });

  it('shows the provisioning screen while whoami answers 5xx or 404', async () => {
    answers['/api/auth/whoami'] = { status: 503, body: { error: 'unavailable', message: 'starting' } };
    renderAt('/incidents');
    await screen.findByRole('heading', { name: 'Instance provisioning in-progress' });
    cleanup();
    answers['/api/auth/whoami'] = { status: 404 };
    renderAt('/incidents');
    await screen.findByRole('heading', { name: 'Instance provisioning in-progress' });
  });

  it('says so when the server cannot be reached', async () => {
    answers['/api/auth/whoami'] = 'network-error';
    renderAt('/topology');
    await screen.findByText('Network Error. Please try again.');
    expect(screen.getByRole('heading', { name: 'Sorry.. there was an error' })).toBeTruthy();
  });

  it('loads without flags when the properties call fails', async () => {
    answers['/api/properties'] = { status: 500, body: { message: 'boom' } };
    renderAt('/topology');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Incidents' })).toBeTruthy();
  });

  it('hides every Settings entry when settings.disable is true', async () => {
    answers['/api/properties'] = { status: 200, body: [{ name: 'settings.disable', value: 'true' }] };
    renderAt('/topology');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('tells a responder they may not add a silence', async () => {
    answers['/api/auth/whoami'] = { status: 200, body: { payload: { ...admin.payload, roles: ['responder'] } } };
    renderAt('/notifications/silences/add');
    await screen.findByRole('heading', { name: 'Unauthorized – You do not have permission to access this page' });
    expect(screen.getByText(/^Add Silence needs permission to create notifications/)).toBeTruthy();
    expect(screen.queryByText(/change add silence/)).toBeNull();
  });
});
