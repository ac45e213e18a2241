import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey, qs } from './client';

/** auditPageSize is the rows of one page of the audit log. */
export const auditPageSize = 50;

export type AuditFilters = { operator: string; action: string; target: string };

export const auditKey = {
  page: (filters: AuditFilters, before: string) => [...opKey, 'audit', filters, before] as const,
  actions: [...opKey, 'audit', 'actions'] as const,
};

/**
 * getAudit reads a page of the operators' audit log, filtered: the newest (before '') or the one
 * after a previous answer's `next` (by keyset: the same cost at any depth).
 */
export function getAudit(filters: AuditFilters, before: string) {
  const page = before ? { before } : { page: 1 };
  return opApi.get<Answer<'/api/operator/audit', 'get'>>(`/api/operator/audit${qs({ ...filters, ...page, limit: auditPageSize })}`);
}

export function useAudit(filters: AuditFilters, before: string) {
  return useQuery({
    queryKey: auditKey.page(filters, before),
    queryFn: () => getAudit(filters, before),
    placeholderData: keepPreviousData,
  });
}

/** getAuditActions lists the actions the server records, from its route table. */
export function getAuditActions() {
  return opApi.get<Answer<'/api/operator/audit/actions', 'get'>>('/api/operator/audit/actions');
}

export function useAuditActions() {
  return useQuery({ queryKey: auditKey.actions, queryFn: getAuditActions, staleTime: Infinity });
}
