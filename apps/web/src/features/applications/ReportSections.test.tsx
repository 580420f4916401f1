import type { AppReportSection } from '@opsdeck/schema';
import type { ViewResult } from '@opsdeck/schema/view';
import { viewPanelSchema } from '@opsdeck/schema/view';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.js';
import { ReportSection } from './ReportSections.js';

// the view a view section shows inline, as POST /api/view/:id answers it
const dashboard: ViewResult = {
  id: '0b6c1f7e-0000-4000-8000-000000000001',
  namespace: 'sales',
  name: 'shop-dashboard',
  title: 'Shop dashboard',
  refreshStatus: 'fresh',
  requestFingerprint: '0123456789abcdef',
  columns: [],
  panels: [
    { ...viewPanelSchema.parse({ name: 'Orders today', type: 'number', query: 'select 1' }), rows: [{ value: 42 }] },
  ],
  variables: [],
  columnOptions: {},
  sections: [],
  sectionResults: [],
  totalRows: 0,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify(dashboard), { headers: { 'content-type': 'application/json' } })),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// sections typed by the shared ApplicationReport schema, as GET /api/application/:ns/:name answers them
const view = (viewId: string | null): AppReportSection => ({
  type: 'view',
  title: 'Dashboard',
  icon: null,
  viewRef: { namespace: 'sales', name: 'shop-dashboard' },
  viewId,
});

const show = (section: AppReportSection) =>
  render(
    <Providers>
      <MemoryRouter>
        <ReportSection section={section} />
      </MemoryRouter>
    </Providers>,
  );

describe('report sections', () => {
  it('shows a view section inline with a link to its page, or says the view is not defined', async () => {
    show(view('0b6c1f7e-0000-4000-8000-000000000001'));
    const region = screen.getByRole('region', { name: 'Dashboard' });
    expect((await within(region).findByRole('region', { name: 'Orders today' })).textContent).toContain('42');
    expect(
      within(region)
        .getByRole('link', { name: /Open view/ })
        .getAttribute('href'),
    ).toBe('/views/0b6c1f7e-0000-4000-8000-000000000001');
    cleanup();
    show(view(null));
    expect(screen.getByText('View sales/shop-dashboard is not defined.')).toBeTruthy();
  });

  it('shows catalog sections as tables, values as text', () => {
    show({
      type: 'accessLogs',
      title: 'Logins',
      icon: null,
      accessLogs: [{ user: '<b>eve</b>', config: 'orders-db', date: '2026-01-07T12:00:00.000Z', mfa: false, count: 2 }],
    });
    const region = screen.getByRole('region', { name: 'Logins' });
    expect(within(region).getByRole('cell', { name: '<b>eve</b>' })).toBeTruthy();
    expect(within(region).getByRole('cell', { name: 'no' })).toBeTruthy();
    expect(region.querySelector('b')).toBeNull();
  });
});
