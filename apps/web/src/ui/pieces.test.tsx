import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar } from './Avatar.js';
import { EmptyState } from './EmptyState.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { Tabs } from './Tabs.js';
import { TOAST_DURATION_MS, ToastProvider, useToasts } from './Toasts.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Avatar', () => {
  it('shows initials when there is no picture, and ? when there is no name either', () => {
    render(<Avatar user={{ name: 'Jane Doe' }} size="lg" />);
    const avatar = screen.getByRole('img', { name: 'Jane Doe' });
    expect(avatar.textContent).toBe('JD');
    expect(avatar.className).toContain('h-12');
    cleanup();
    render(<Avatar user={null} size="xs" />);
    expect(screen.getByRole('img', { name: 'Unknown user' }).textContent).toBe('?');
  });

  it('falls back to initials when the picture fails to load', () => {
    render(<Avatar user={{ email: 'ops.team@example.com', avatar: '/broken.png' }} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: 'ops.team@example.com' }).textContent).toBe('OT');
  });
});

describe('Tabs', () => {
  const tabs = [
    { id: 'history', label: 'History', content: 'history panel' },
    { id: 'graph', label: 'Graph', content: 'graph panel', hidden: true },
    { id: 'spec', label: 'Spec', content: 'spec panel' },
    { id: 'rel', label: 'Relationships', count: 3, content: 'relationships panel' },
  ];

  it('shows the selected panel and moves with the arrow keys', () => {
    render(<Tabs tabs={tabs} label="Check" />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['History', 'Spec', 'Relationships3']);
    expect(screen.getByRole('tabpanel').textContent).toBe('history panel');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'History' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('spec panel');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Spec' }), { key: 'End' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Relationships3');
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('history panel');
  });
});

function Toaster() {
  const toasts = useToasts();
  return (
    <>
      <button type="button" onClick={() => toasts.success('Incident deleted successfully')}>
        ok
      </button>
      <button type="button" onClick={() => toasts.error('Network Error. Please try again.')}>
        fail
      </button>
      <button
        type="button"
        onClick={() =>
          toasts.success(
            'Linked to incident successfully',
            { href: '/incidents/1', label: 'View incident' },
            'top-right',
          )
        }
      >
        linked
      </button>
    </>
  );
}

describe('Toasts', () => {
  it('show at the bottom right for 5 s', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Toaster />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    const stack = screen.getByRole('status').closest('[data-placement]') as HTMLElement;
    expect(screen.getByRole('region', { name: 'Messages' }).contains(stack)).toBe(true);
    expect(stack.dataset.placement).toBe('bottom-right');
    expect(stack.className).toContain('bottom-4');
    expect(stack.className).toContain('right-4');
    expect(screen.getByRole('status').textContent).toContain('Incident deleted successfully');
    expect(screen.getByRole('alert').textContent).toContain('Network Error. Please try again.');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 10));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('show a toast placed top right there (Linked to incident)', () => {
    render(
      <ToastProvider>
        <Toaster />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'linked' }));
    const stack = screen.getByRole('status').closest('[data-placement]') as HTMLElement;
    expect(stack.dataset.placement).toBe('top-right');
    expect(stack.className).toContain('top-4');
    expect(stack.className).toContain('right-4');
    expect(screen.getByRole('link', { name: 'View incident' }).getAttribute('href')).toBe('/incidents/1');
  });
});

function Broken(): never {
  throw new Error('cannot read properties of undefined');
}

describe('ErrorBoundary and EmptyState', () => {
  it("replaces a crashed page with 'Sorry.. there was an error'", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Sorry.. there was an error' })).toBeTruthy();
    expect(screen.getByText('cannot read properties of undefined')).toBeTruthy();
  });

  it("says 'No data available' by default", () => {
    render(<EmptyState />);
    expect(screen.getByText('No data available')).toBeTruthy();
  });
});
