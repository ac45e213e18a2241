import { setApiNavigator } from '@/lib/api';
import { clearToken, getToken, setToken } from '@/lib/storage';

import { setXhr, uploadSlip } from './deposit';

/** answer makes the next upload answer status with body. */
function answer(status: number, body: unknown) {
  setXhr(() => {
    const x: any = {
      upload: { onprogress: null },
      open: jest.fn(),
      abort: jest.fn(),
      setRequestHeader: jest.fn(),
      send: () => {
        x.status = status;
        x.responseText = body === undefined ? '' : JSON.stringify(body);
        setTimeout(() => x.onload?.(), 0);
      },
    };
    return x;
  });
}

describe('uploadSlip', () => {
  let navigate: jest.Mock;
  beforeEach(() => {
    navigate = jest.fn();
    setApiNavigator(navigate);
    clearToken();
    setToken('abc', true);
  });

  it.each([
    ['invalid-token clears the token and goes to /login', 401, 'invalid-token', '/login', null],
    ['gone goes to /terminated and keeps the token', 410, 'gone', '/terminated', 'abc'],
  ])('%s, like every other call', async (_, status, code, path, token) => {
    answer(status, { message: code });
    await expect(uploadSlip(new Blob(['x']), 'slip.png', jest.fn())).rejects.toMatchObject({ code, status });
    expect(navigate).toHaveBeenCalledWith(path);
    expect(getToken()).toBe(token);
  });

  it('rejects a refused slip with its code and field, staying put', async () => {
    answer(400, { message: 'SLIP_EXPIRED', field: 'file' });
    await expect(uploadSlip(new Blob(['x']), 'slip.png', jest.fn())).rejects.toMatchObject({ code: 'SLIP_EXPIRED', field: 'file' });
    expect(navigate).not.toHaveBeenCalled();
    expect(getToken()).toBe('abc');
  });

  it('answers HTTP_<status> for an answer without a code', async () => {
    answer(502, undefined);
    await expect(uploadSlip(new Blob(['x']), 'slip.png', jest.fn())).rejects.toMatchObject({ code: 'HTTP_502' });
  });
});
