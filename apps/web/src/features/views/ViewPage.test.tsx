import type { ViewResult, ViewRowsPage } from '@opsdeck/schema/view';
import { viewColumnSchema, viewPanelSchema } from '@opsdeck/schema/view';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.js';
import { ViewPage } from './pages.js';

// The answers are typed by the shared ViewResult/ViewRowsPage and built from the shared column and
// panel schemas, so they keep the shape the server answers.
const view: ViewResult = {
  id: 'v1',
  namespace: 'default',
  name: 'pods',
  title: 'Pods',
  refreshStatus: 'cache',
  lastRefreshedAt: new Date().toISOString(),
  requestFingerprint: '0123456789abcdef',
  columns: [
    viewColumnSchema.parse({ name: 'name', type: 'string', primaryKey: true }),
    viewColumnSchema.parse({ name: 'health', type: 'health' }),
    viewColumnSchema.parse({ name: 'size', type: 'bytes' }),
    viewColumnSchema.parse({ name: 'docs', type: 'url' }),
    viewColumnSchema.parse({ name: 'phase', type: 'badge', badge: { color: { map: { Running: '#16a34a' } } } }),
    viewColumnSchema.parse({ name: 'console', type: 'url', for: 'name' }),
  ],
  panels: [
    { ...viewPanelSchema.parse({ name: 'Pods', type: 'number', query: 'select 1' }), rows: [{ value: 7 }] },
    {
      ...viewPanelSchema.parse({ name: 'Health', type: 'piechart', query: 'select 1' }),
      rows: [{ label: 'healthy', value: 5 }],
    },
    {
      ...viewPanelSchema.parse({ name: 'Deploys', type: 'heatmap', query: 'select 1', heatmap: { mode: 'calendar' } }),
      rows: [
        { date: '2026-11-02', value: 3 },
        { date: '2026-11-04', value: 1 },
      ],
    },
  ],
  variables: [
    {
      key: 'cluster',
      label: 'Cluster',
      options: ['dev', 'prod'],
      optionItems: [
        { label: 'dev', value: 'dev' },
        { label: 'prod', value: 'prod' },
      ],
      value: 'prod',
    },
  ],
  columnOptions: {},
  sections: [],
  sectionResults: [],
  totalRows: 1,
};
const rows: ViewRowsPage = {
  total: 1,
  rows: [
    {
      name: '<b>web</b>',
      health: 'healthy',
      size: 2048,
      docs: 'https://docs.example.com/web',
      phase: 'Running',
      console: 'https://console.example.com/web',
      __attributes: { name: { url: 'javascript:alert(1)' }, docs: { url: 'https://docs.example.com/web' } },
    },
  ],
};

let asked: Array<{ url: string; body?: string }> = [];
/** The view answer and its status: a failed refresh answers 502 with the answer itself. */
let answer: { body: ViewResult; status: number } = { body: view, status: 200 };
beforeEach(() => {
  asked = [];
  answer = { body: view, status: 200 };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      asked.push({ url, body: init?.body as string | undefined });
      const [body, status] = url.includes('/rows') ? [rows, 200] : [answer.body, answer.status];
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ViewPage', () => {
  it('sends the URL variables, draws panels and rows, and never renders a script link', async () => {
    const router = createMemoryRouter([{ path: '/views/:id', element: <ViewPage /> }], {
      initialEntries: ['/views/v1?cluster=prod'],
    });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const panel = await screen.findByRole('region', { name: 'Pods' });
    expect(panel.textContent).toContain('7');
    const table = await screen.findByRole('table', { name: 'Pods rows' });
    await within(table).findByText('<b>web</b>');
    expect(within(table).queryByRole('link', { name: '<b>web</b>' })).toBeNull();
    expect(within(table).getByText('2 KiB')).toBeTruthy();
    expect(asked[0]?.url).toBe('/api/view/v1');
    expect(JSON.parse(asked[0]?.body ?? '{}')).toEqual({ variables: { cluster: 'prod' } });
    expect(asked.some((a) => a.url.startsWith('/api/views/v1/rows?fingerprint=0123456789abcdef'))).toBe(true);
    expect((screen.getByLabelText('Cluster') as HTMLSelectElement).value).toBe('prod');
  });

  it('renders url and badge columns, hides a url column that is for another, and draws a heatmap', async () => {
    const router = createMemoryRouter([{ path: '/views/:id', element: <ViewPage /> }], {
      initialEntries: ['/views/v1'],
    });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const table = await screen.findByRole('table', { name: 'Pods rows' });
    const link = await within(table).findByRole('link', { name: 'https://docs.example.com/web' });
    expect(link.getAttribute('href')).toBe('https://docs.example.com/web');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(table).getByText('Running').getAttribute('style')).toContain('color: rgb(22, 163, 74)');
    expect(within(table).queryByRole('columnheader', { name: /Console/ })).toBeNull();
    const heatmap = screen.getByRole('region', { name: 'Deploys' });
    expect(within(heatmap).getByRole('img', { name: '2026-11-02: 3' })).toBeTruthy();
    expect(within(heatmap).getByRole('img', { name: '2026-11-03: 0' })).toBeTruthy();
    expect(heatmap.textContent).toContain('4 over 3 days');
  });

  it('lays cards out by card.position: the title, a footer, the rest in the body', async () => {
    const placed: ViewResult = {
      ...view,
      panels: [],
      columns: [
        viewColumnSchema.parse({ name: 'name', type: 'string', primaryKey: true, card: { position: 'footer' } }),
        viewColumnSchema.parse({ name: 'phase', type: 'badge', cardPosition: 'title' }),
        viewColumnSchema.parse({ name: 'size', type: 'bytes' }),
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(JSON.stringify(url.includes('/rows') ? rows : placed), {
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const router = createMemoryRouter([{ path: '/views/:id', element: <ViewPage /> }], {
      initialEntries: ['/views/v1?display=cards'],
    });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const card = await screen.findByRole('article');
    await within(card).findByRole('heading', { name: 'Running' });
    expect(within(card).getByRole('contentinfo').textContent).toContain('<b>web</b>');
    expect(within(card).getByText('Size')).toBeTruthy();
    expect(within(card).queryByText('Name')).toBeNull();
  });

  it('shows a failed refresh (502) as "View refresh failed" with the last good rows', async () => {
    answer = {
      status: 502,
      body: { ...view, refreshStatus: 'error', refreshError: 'queries.q: prometheus: connection refused' },
    };
    const router = createMemoryRouter([{ path: '/views/:id', element: <ViewPage /> }], {
      initialEntries: ['/views/v1'],
    });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByText(/View refresh failed \(showing the last good result\): queries\.q: prometheus/);
    const table = await screen.findByRole('table', { name: 'Pods rows' });
    await within(table).findByText('<b>web</b>');
  });
});
