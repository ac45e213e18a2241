import { Pagination } from '@/components/pagination';
import { pageCount } from '@/lib/pagination';

import { pageSize } from '../api/client';
import { DataTable, type TableProps } from './ui';

type Props<T> = TableProps<T> & { page: number; total: number; limit?: number; onPage: (page: number) => void };

/** PagedTable is a DataTable of one page of a listed total, with the pages under it. */
export function PagedTable<T>({ page, total, limit = pageSize, onPage, ...table }: Props<T>) {
  return (
    <>
      <DataTable {...table} />
      <Pagination page={page} pages={pageCount(total, limit)} onChange={onPage} />
    </>
  );
}
