import type { PayoutStatus } from '../../api/types';

/** payoutTone colours a payout's status: paid good, failed bad, unknown a warning. */
export function payoutTone(status: PayoutStatus | undefined): 'good' | 'bad' | 'warn' | 'neutral' {
  switch (status) {
    case 'PAID':
      return 'good';
    case 'FAILED':
      return 'bad';
    case 'UNKNOWN':
      return 'warn';
    default:
      return 'neutral';
  }
}
