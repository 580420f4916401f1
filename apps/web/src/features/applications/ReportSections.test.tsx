import type { AppReportSection } from '@opsdeck/schema';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportSection } from './ReportSections.js';

afterEach(cleanup);

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
    <MemoryRouter>
      <ReportSection section={section} />
    </MemoryRouter>,
  );

describe('report sections', () => {
  it('links a view section to the view page, or says the view is not defined', () => {
    show(view('0b6c1f7e-0000-4000-8000-000000000001'));
    const region = screen.getByRole('region', { name: 'Dashboard' });
    expect(within(region).getByRole('link').getAttribute('href')).toBe('/views/0b6c1f7e-0000-4000-8000-000000000001');
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
