import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HealthFilters } from './HealthFilters.js';
import type { LabelOption } from './labels.js';

afterEach(cleanup);

const pods: LabelOption = {
  key: 'pod',
  values: Array.from({ length: 30 }, (_, i) => `pod-${String(i).padStart(2, '0')}`),
  boolean: false,
};
const values = () =>
  within(screen.getByRole('group', { name: 'pod' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('label filter', () => {
  it('shows the first values of a long list, any chosen one, and all on request', () => {
    const onLabel = vi.fn();
    render(
      <HealthFilters
        open
        onClose={() => {}}
        hidePassing
        onHidePassing={() => {}}
        options={[pods]}
        labels={{ 'pod=pod-25': -1 }}
        onLabel={onLabel}
      />,
    );
    expect(values()).toEqual([...pods.values.slice(0, 12), 'pod-25']);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 30' }));
    expect(values()).toEqual(pods.values);
    fireEvent.click(screen.getByRole('button', { name: 'Include pod=pod-29' }));
    expect(onLabel).toHaveBeenCalledWith('pod=pod-29', 1);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(values()).toHaveLength(13);
  });

  it('lists a short list whole, with nothing to expand', () => {
    render(
      <HealthFilters
        open
        onClose={() => {}}
        hidePassing
        onHidePassing={() => {}}
        options={[{ key: 'env', values: ['dev', 'prod'], boolean: false }]}
        labels={{}}
        onLabel={() => {}}
      />,
    );
    expect(within(screen.getByRole('group', { name: 'env' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});
