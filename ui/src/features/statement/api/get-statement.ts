import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api';
import { statementPageSize } from '@/lib/config';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

/** StatementItem is one line of the statement (spec part 3). */
export type StatementItem = Schemas['StatementItem'];

export type StatementPage = Schemas['StatementPage'];

/**
 * getStatement loads the page after the cursor `before` ('' for the newest page): the server reads
 * it by keyset, counts nothing, and answers the next page's cursor (`next`, null after the last).
 */
export function getStatement(before: string, limit = statementPageSize): Promise<StatementPage> {
  return api.post<StatementPage>('/api/statement', { before, limit });
}

/** useStatement loads one page, keeping the previous page on screen while the next loads. */
export function useStatement(before: string) {
  return useQuery({
    queryKey: ['member', 'statement', before],
    queryFn: () => getStatement(before),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
