import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE_KEY, type TableUrlState, useTableUrlState } from './useTableUrlState.js';

let state: TableUrlState;
let search = '';

function Probe(props: Parameters<typeof useTableUrlState>[0]) {
  state = useTableUrlState(props);
  search = useLocation().search;
  return null;
}

function mount(url: string, props: Parameters<typeof useTableUrlState>[0] = {}) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe {...props} />
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('useTableUrlState', () => {
  it('reads paging and sorting from the URL', () => {
    mount('/checks?pageIndex=2&pageSize=100&sortBy=name&sortOrder=desc');
    expect(state).toMatchObject({ pageIndex: 2, pageSize: 100, sortBy: 'name', sortOrder: 'desc' });
  });

  it('falls back to page 0, the remembered page size and the default sort on bad values', () => {
    localStorage.setItem(PAGE_SIZE_KEY, '25');
    mount('/checks?pageIndex=-3&pageSize=7&sortOrder=sideways', {
      defaultSort: { sortBy: 'created_at', sortOrder: 'desc' },
    });
    expect(state).toMatchObject({ pageIndex: 0, pageSize: 25, sortBy: 'created_at', sortOrder: 'desc' });
  });

  it('defaults to 50 rows, or the first allowed size of a server table', () => {
    mount('/checks');
    expect(state.pageSize).toBe(50);
    cleanup();
    localStorage.setItem(PAGE_SIZE_KEY, '25');
    mount('/checks', { pageSizeOptions: [50, 100, 200] });
    expect(state.pageSize).toBe(50);
  });

  it('goes back to the first page when the sort or page size changes, and remembers the size', () => {
    mount('/checks?pageIndex=4&status=open');
    act(() => state.setSort({ sortBy: 'name', sortOrder: 'asc' }));
    expect(new URLSearchParams(search).get('pageIndex')).toBe('0');
    expect(new URLSearchParams(search).get('status')).toBe('open');
    act(() => state.setPageIndex(3));
    expect(state.pageIndex).toBe(3);
    act(() => state.setPageSize(200));
    expect(state).toMatchObject({ pageIndex: 0, pageSize: 200, sortBy: 'name' });
    expect(localStorage.getItem(PAGE_SIZE_KEY)).toBe('200');
  });
});
