import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { TopBarExtra } from '../../../app/layout/topBarContext.js';
import { useSession } from '../../../app/session.js';
import { buttonClass } from '../../../ui/Button.js';
import { DataTable } from '../../../ui/DataTable.js';
import { serverTableProps, useTableUrlState } from '../../../ui/useTableUrlState.js';
import { RESOURCE_PAGE_SIZE, resourceQueries } from './api.js';
import type { ResourceKind, ResourceRow } from './types.js';

const PAGE_SIZES = [25, 50, RESOURCE_PAGE_SIZE, 250] as const;

/** /settings/{table}: the kind's rows, 100 a page, sorted by the server; a row opens its editor. */
export function ResourceList({ kind }: { kind: ResourceKind }) {
  const session = useSession();
  const navigate = useNavigate();
  const table = useTableUrlState({
    defaultSort: { sortBy: 'name', sortOrder: 'asc' },
    pageSizeOptions: PAGE_SIZES,
    defaultPageSize: RESOURCE_PAGE_SIZE,
  });
  const { pageIndex, pageSize, sortBy, sortOrder } = table;
  const list = useQuery(resourceQueries.list(kind, { pageIndex, pageSize, sortBy, sortOrder }));
  const columns = useMemo<ColumnDef<ResourceRow, unknown>[]>(
    () =>
      kind.columns.map((c) => ({
        id: c.id,
        header: c.header,
        enableSorting: !!c.sortable,
        cell: ({ row }) => c.cell(row.original),
      })),
    [kind],
  );
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      {session.can(kind.resource, 'create') && (
        <TopBarExtra>
          <Link to={`/settings/${kind.table}/new`} className={buttonClass('primary', 'sm', 'gap-1.5')}>
            <Plus className="h-4 w-4" aria-hidden />
            Add {kind.noun}
          </Link>
        </TopBarExtra>
      )}
      <DataTable<ResourceRow>
        label={kind.title}
        columns={columns}
        getRowId={(r) => r.id}
        onRowClick={(r) => navigate(`/settings/${kind.table}/${r.id}`)}
        pageSizeOptions={PAGE_SIZES}
        {...serverTableProps(table, list)}
      />
    </div>
  );
}
