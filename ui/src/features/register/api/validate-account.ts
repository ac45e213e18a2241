import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api';

/** AccountFields are the registration fields except currency (spec part 3). */
export type AccountFields = {
  name: string;
  username: string;
  password: string;
  sourceCode: string;
  inviteCode: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
};

export function validateAccount(fields: AccountFields): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/account/validate', fields);
}

export function useValidateAccount() {
  return useMutation({ mutationFn: validateAccount });
}
