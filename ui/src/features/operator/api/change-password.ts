import { useMutation } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { opApi } from './client';

export type PasswordChange = components['schemas']['ChangePasswordInput'];

/** changePassword sets the operator's own password; the server ends their other sessions. */
export function changePassword(body: PasswordChange) {
  return opApi.put('/api/operator/password', body);
}

export function useChangePassword(onChanged: () => void) {
  return useMutation({ mutationFn: changePassword, onSuccess: onChanged });
}
