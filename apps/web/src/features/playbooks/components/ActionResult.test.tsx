import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunAction } from '../api.js';
import { ActionResult } from './ActionResult.js';

afterEach(cleanup);

const action = (result: Record<string, unknown>): RunAction => ({
  id: 'a1',
  name: 'search',
  status: 'completed',
  playbook_run_id: 'r1',
  scheduled_time: '2026-01-01T00:00:00Z',
  start_time: null,
  end_time: null,
  result,
  error: null,
  retry_count: 0,
  artifacts: [],
});

describe('ActionResult', () => {
  it('opens on the log lines of a logs action, as a table of time, severity and message', () => {
    render(
      <ActionResult
        action={action({
          backend: 'loki',
          lines: [
            { id: '1', timestamp: '2026-01-01T00:00:02Z', severity: 'error', message: 'payment failed', labels: {} },
            { id: '2', timestamp: '2026-01-01T00:00:01Z', message: 'order placed', labels: {} },
          ],
          count: 2,
        })}
      />,
    );
    const panel = screen.getByRole('tabpanel');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Lines');
    const rows = within(panel).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['timestamp', 'severity', 'message']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026-01-01T00:00:02Z', 'error', 'payment failed']);
  });
});
