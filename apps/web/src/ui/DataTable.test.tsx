import type { ColumnDef } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable.js';

interface Row {
  id: string;
  name: string;
}

const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'id', accessorKey: 'id', header: 'ID', enableSorting: false },
];

function setup(over: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const props = {
    label: 'Checks',
    columns,
    data: [
      { id: 'a', name: 'api' },
      { id: 'b', name: 'db' },
    ],
    total: 120,
    pageIndex: 0,
    pageSize: 50,
    onPageChange: vi.fn(),
    onPageSizeChange: vi.fn(),
    onSortChange: vi.fn(),
    sort: { sortOrder: 'asc' as const },
    ...over,
  };
  render(<DataTable<Row> {...props} />);
  return props;
}

afterEach(cleanup);

describe('DataTable', () => {
  it('shows the rows and what part of the total they are', () => {
    setup();
    const table = screen.getByRole('table', { name: 'Checks' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Showing 1–50 of 120')).toBeTruthy();
    expect(screen.getByText('of 3')).toBeTruthy();
  });

  it('asks the server for a sort when a sortable header is clicked', () => {
    const props = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(props.onSortChange).toHaveBeenLastCalledWith({ sortBy: 'name', sortOrder: 'asc' });
    expect(screen.queryByRole('button', { name: 'ID' })).toBeNull();
  });

  it('turns an ascending sort into a descending one', () => {
    const props = setup({ sort: { sortBy: 'name', sortOrder: 'asc' } });
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(props.onSortChange).toHaveBeenLastCalledWith({ sortBy: 'name', sortOrder: 'desc' });
  });

  it('pages forward, to the end, and by page size', () => {
    const props = setup({ pageIndex: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(0);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } });
    expect(props.onPageSizeChange).toHaveBeenLastCalledWith(100);
    const input = screen.getByLabelText('Go to page');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(props.onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('offers the page sizes of the spec, and refuses a page past the end', () => {
    const props = setup({ pageIndex: 2 });
    const options = within(screen.getByLabelText('Rows per page')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '5',
      '10',
      '25',
      '50',
      '100',
      '150',
      '200',
      '250',
      '300',
      '500',
      '1000',
    ]);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    const input = screen.getByLabelText('Go to page') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(props.onPageChange).not.toHaveBeenCalled();
    expect(input.value).toBe('3');
  });

  it("says 'No data available' when there are no rows", () => {
    setup({ data: [], total: 0 });
    expect(screen.getByText('No data available')).toBeTruthy();
    expect(screen.getByText('No rows')).toBeTruthy();
  });

  it("shows the server's error instead of rows", () => {
    setup({ error: new Error('limit must be a number') });
    expect(screen.getByRole('alert').textContent).toBe('limit must be a number');
  });
});
