import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';
import { statementPageSize } from '@/lib/config';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

/** StatementItem is one line of the statement (spec part 3). */
export type StatementItem = Schemas['StatementItem'];

export type StatementPage = Schemas['StatementPage'];

export function getStatement(page: number, limit = statementPageSize): Promise<StatementPage> {
  return api.post<StatementPage>('/api/statement', { page, limit });
}

/** useStatement loads one page, keeping the previous page on screen while the next loads. */
export function useStatement(page: number) {
  return useQuery({
    queryKey: ['member', 'statement', page],
    queryFn: () => getStatement(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
