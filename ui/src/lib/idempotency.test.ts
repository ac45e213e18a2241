import { ApiError } from './api';
import { IdempotencyKeys, newIdempotencyKey } from './idempotency';

describe('newIdempotencyKey', () => {
  it('gives distinct UUIDs', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('IdempotencyKeys', () => {
  const body = { from: 'WALLET', to: 'SIAMSLOT', amount: 100 };

  it('reuses the key when the same submission is retried after a network error or timeout', () => {
    const keys = new IdempotencyKeys();
    const first = keys.keyFor(body);
    keys.settle(new ApiError('NETWORK_ERROR', 0));
    expect(keys.keyFor({ ...body })).toBe(first);
    keys.settle(new ApiError('TIMEOUT', 0));
    expect(keys.keyFor(body)).toBe(first);
    keys.settle(new ApiError('HTTP_502', 502));
    expect(keys.keyFor(body)).toBe(first);
  });

  it('takes a new key after an answer, or for another body', () => {
    const keys = new IdempotencyKeys();
    const first = keys.keyFor(body);
    keys.settle();
    const second = keys.keyFor(body);
    expect(second).not.toBe(first);
    keys.settle(new ApiError('MONEY_NOT_ENOUGH', 400));
    const third = keys.keyFor(body);
    expect(third).not.toBe(second);
    keys.settle(new ApiError('NETWORK_ERROR', 0));
    expect(keys.keyFor({ ...body, amount: 50 })).not.toBe(third);
  });
});
