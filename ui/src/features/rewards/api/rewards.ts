// The member's refund (cashback) and invite calls (docs/api.md, "Refunds and invites").
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type Program = 'refund' | 'invite';

export type Banner = Schemas['Banner'];

export type RefundCheck = Schemas['RefundCheck'];

export type RefundRow = Schemas['RefundRow'];

export type InviteRow = Schemas['InviteRow'];

export type InviteBonus = Schemas['InviteBonus'];

/** pageSize is the invite and refund tables' page size (spec part 9). */
export const pageSize = 10;

export const rewardKeys = {
  all: ['rewards'] as const,
  banners: (p: Program, lang: string) => ['rewards', p, 'banners', lang] as const,
  check: ['rewards', 'refund', 'check'] as const,
  refunds: (page: number) => ['rewards', 'refund', 'log', page] as const,
  invites: (page: number) => ['rewards', 'invite', 'list', page] as const,
  inviteBonus: ['rewards', 'invite', 'bonus'] as const,
};

export function useBanners(program: Program, lang: string, enabled = true) {
  return useQuery({
    queryKey: rewardKeys.banners(program, lang),
    queryFn: () => api.get<Banner[]>(`/api/${program}/banners?lang=${encodeURIComponent(lang)}`),
    enabled,
  });
}

export function useRefundCheck(lang: string, enabled = true) {
  return useQuery({
    queryKey: [...rewardKeys.check, lang],
    queryFn: () => api.get<RefundCheck>(`/api/refund/check?lang=${encodeURIComponent(lang)}`),
    enabled,
  });
}

export function useRefundLog(page: number, enabled = true) {
  return useQuery({
    queryKey: rewardKeys.refunds(page),
    queryFn: () => api.post<{ refunds: RefundRow[]; total: number }>('/api/refund', { page, limit: pageSize }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvites(page: number, enabled = true) {
  return useQuery({
    queryKey: rewardKeys.invites(page),
    queryFn: () => api.post<{ invites: InviteRow[]; total: number; code: string }>('/api/invite', { page, limit: pageSize }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInviteBonus(enabled = true) {
  return useQuery({
    queryKey: rewardKeys.inviteBonus,
    queryFn: () => api.get<InviteBonus>('/api/invite/bonus'),
    enabled,
  });
}

/** useInvalidateRewards reloads the rewards and the bonus state a receive changes. */
export function useInvalidateRewards() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: rewardKeys.all }), client.invalidateQueries({ queryKey: ['bonus'] })]);
}

type Moved = { message: string; amount: number };

const money = (path: string) => (_: null, key: string) => api.get<Moved>(path, { headers: { [idempotencyHeader]: key } });

export const useReceiveRefund = () => useIdempotentMutation(money('/api/refund/receive'));
export const useAddRefund = () => useIdempotentMutation(money('/api/refund/addWallet'));
export const useReceiveInvite = () => useIdempotentMutation(money('/api/invite/receive'));

/** inviteLink is the member's invite link: the register page with their code. */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/register?code=${encodeURIComponent(code)}`;
}
