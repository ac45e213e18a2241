import type { operations } from '@/lib/api-schema.generated';

import { type Answer, opApi } from './client';
import { useFourEyesMutation, type FourEyesHandlers } from './four-eyes';
import { seamlessAggregatorsKey } from './get-seamless-aggregators';

/** SeamlessAggregatorBody is an owner's change of an aggregator; a secret left out keeps the one in effect. */
export type SeamlessAggregatorBody = operations['putOperatorSeamlessAggregator']['requestBody']['content']['application/json'];

/**
 * saveSeamlessAggregator changes an aggregator's switch, allow-list and secret, applied on every server
 * at once; a new secret, another allow-list or switching on waits for a second owner (202).
 */
export function saveSeamlessAggregator(code: string, body: SeamlessAggregatorBody) {
  return opApi.put<Answer<'/api/operator/seamless/aggregators/{code}', 'put'>>(
    `/api/operator/seamless/aggregators/${encodeURIComponent(code)}`,
    body,
  );
}

export function useSaveSeamlessAggregator(code: string, handlers?: FourEyesHandlers) {
  return useFourEyesMutation((body: SeamlessAggregatorBody) => saveSeamlessAggregator(code, body), seamlessAggregatorsKey, handlers);
}
