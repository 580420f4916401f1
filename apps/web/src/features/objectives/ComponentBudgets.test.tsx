import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComponentBudgets } from './ComponentBudgets.js';

const figures = (name: string, status: string, remaining: number) => ({
  id: `id-${name}`,
  name,
  namespace: 'default',
  status,
  budget: {
    total_minutes: 43.2,
    consumed_minutes: 0,
    remaining_minutes: 0,
    consumed_percent: 0,
    remaining_percent: remaining,
  },
});

function show(objectives: unknown[]) {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      return new Response(JSON.stringify({ objectives }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ComponentBudgets componentId="c-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requested;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a component panel’s budget badges', () => {
  it('shows each objective reading the component with its budget left, linking to it', async () => {
    const requested = show([figures('cart-availability', 'healthy', 87.5), figures('cart-latency', 'critical', 12)]);
    const list = await screen.findByRole('list', { name: 'Objectives' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'cart-availability · budget left 87.5%',
      'cart-latency · budget left 12%',
    ]);
    expect(links[1]?.getAttribute('href')).toBe('/objectives/id-cart-latency');
    expect(links[1]?.className).toContain('text-red-700');
    expect(requested[0]).toContain('/api/slos?component=c-1');
  });

  it('shows nothing when no objective reads the component', async () => {
    const requested = show([]);
    await vi.waitFor(() => expect(requested).toHaveLength(1));
    expect(screen.queryByRole('list', { name: 'Objectives' })).toBeNull();
  });
});
